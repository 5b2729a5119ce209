import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNonceRewriter, injectNonceIntoHtml } from "@/server/html-nonce.mjs";

function rewriteInChunks(html: string, size: number, nonce = "abc") {
  const rewriter = createNonceRewriter(nonce);
  const bytes = Buffer.from(html, "utf8");
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(rewriter.push(bytes.subarray(i, i + size)));
  out.push(rewriter.flush());
  return Buffer.concat(out).toString("utf8");
}

const page =
  `<!DOCTYPE html><html><head><link rel="preload" as="script" href="/_next/static/a.js"/><script src="/_next/static/a.js" async=""></script><script>self.__next_f=[]</script></head>` +
  `<body><p>Café &lt;script&gt; 🎉</p><ul><li>one</li></ul><noscript>x</noscript><script type="application/ld+json">{"a":"\\u003cscript"}</script></body></html>`;

describe("CSP nonce on HTML scripts", () => {
  test("every <script> and <link> tag gets the nonce, whatever the chunk boundaries; text and other tags stay as they were", () => {
    const expected = page.replace(/<(script|link)(?=[\s>/])/g, '<$1 nonce="abc"');
    for (const size of [1, 2, 3, 5, 7, 8, 13, 64, 10_000]) {
      expect(rewriteInChunks(page, size)).toBe(expected);
    }
    expect(expected.match(/nonce="abc"/g)).toHaveLength(4);
    expect(expected).toContain('<link nonce="abc" rel="preload"');
    expect(expected).toContain("<ul><li>one</li></ul>");
    expect(expected).toContain("Café &lt;script&gt; 🎉");
    expect(expected).toContain("<ul><li>one</li></ul><noscript>x</noscript>");
  });

  test("a trailing partial tag at the end of the document is written out unchanged", () => {
    expect(rewriteInChunks("<p>end</p><scr", 4)).toBe("<p>end</p><scr");
  });

  describe("on a real response", () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        injectNonceIntoHtml(response, "n0nce");
        if (request.url === "/html") {
          const body = Buffer.from("<html><script>1</script></html>");
          response.setHeader("Content-Type", "text/html; charset=utf-8");
          response.setHeader("Content-Length", String(body.length));
          response.setHeader("ETag", '"fixed"');
          response.end(body);
        } else if (request.url === "/stream") {
          response.writeHead(200, { "content-type": "text/html" });
          response.write("<html><scr");
          response.write("ipt>1</script>");
          response.end("<script src=x></script></html>");
        } else {
          response.setHeader("Content-Type", "application/json");
          response.end('{"html":"<script>"}');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test("a cached page sent in one piece gets the nonce, a correct length and no ETag", async () => {
      const response = await fetch(`${base}/html`);
      const text = await response.text();
      expect(text).toBe('<html><script nonce="n0nce">1</script></html>');
      expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
      expect(response.headers.get("etag")).toBeNull();
    });

    test("a streamed page gets the nonce across writes", async () => {
      const text = await (await fetch(`${base}/stream`)).text();
      expect(text).toBe('<html><script nonce="n0nce">1</script><script nonce="n0nce" src=x></script></html>');
    });

    test("non-HTML responses are not touched", async () => {
      expect(await (await fetch(`${base}/json`)).text()).toBe('{"html":"<script>"}');
    });
  });
});
