import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OutboundRefused } from "@/lib/http/outbound-fetch";
import { fetchRemoteImage, remoteImageUrlProblem } from "@/lib/wallet/apple/remote-image";

// The rules for fetching a business's logo from the URL its owner gave
// (lib/wallet/apple/remote-image.ts): the server must not be a way into its
// own network, nor wait on or swallow whatever the URL answers. The address
// rules themselves: tests/unit/outbound-fetch.test.ts.

describe("URLs", () => {
  const policy = { siteOrigin: "http://localhost:3000" };
  const problem = (url: string) => remoteImageUrlProblem(new URL(url), policy);

  test("https anywhere public, and our own site over http too", () => {
    expect(problem("https://cdn.example/logo.png")).toBeNull();
    expect(problem("http://localhost:3000/uploads/logo.png")).toBeNull();
  });

  test("plain http elsewhere, other schemes, credentials and private literal addresses are refused", () => {
    expect(problem("http://cdn.example/logo.png")).toBe("only https URLs are fetched");
    expect(problem("http://localhost:3001/logo.png")).toBe("only https URLs are fetched");
    expect(problem("ftp://cdn.example/logo.png")).toBe("only https URLs are fetched");
    expect(problem("file:///etc/passwd")).toBe("only https URLs are fetched");
    expect(problem("https://user:pass@cdn.example/logo.png")).toBe("URLs with credentials are not fetched");
    expect(problem("https://169.254.169.254/latest/meta-data")).toBe("the address is not public");
    expect(problem("https://[::1]/logo.png")).toBe("the address is not public");
    expect(problem("https://[::ffff:10.0.0.1]/logo.png")).toBe("the address is not public");
    expect(problem("https://2130706433/logo.png")).toBe("the address is not public");
  });
});

describe("fetching from our own site", () => {
  let server: Server;
  let origin: string;
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

  beforeAll(async () => {
    server = createServer((request, response) => {
      switch (request.url) {
        case "/logo.png":
          return response.writeHead(200, { "content-type": "image/png" }).end(png);
        case "/page.html":
          return response.writeHead(200, { "content-type": "text/html" }).end("<p>hi</p>");
        case "/logo.svg":
          return response.writeHead(200, { "content-type": "image/svg+xml" }).end("<svg/>");
        case "/moved":
          return response.writeHead(301, { location: "https://cdn.example/logo.png" }).end();
        case "/huge.png":
          // No Content-Length: the limit must hold while reading.
          response.writeHead(200, { "content-type": "image/png", "transfer-encoding": "chunked" });
          for (let i = 0; i < 20; i++) response.write(Buffer.alloc(64 * 1024));
          return response.end();
        case "/declared-huge.png":
          return response
            .writeHead(200, { "content-type": "image/png", "content-length": String(2 * 1024 * 1024) })
            .end();
        case "/slow.png":
          // Never answers: the time limit ends it.
          return;
        default:
          return response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const get = (pathname: string, options: { timeoutMs?: number; siteOrigin?: string } = {}) =>
    fetchRemoteImage(new URL(pathname, origin), { siteOrigin: origin, ...options });

  test("an image on our own site is fetched, even on a loopback address", async () => {
    await expect(get("/logo.png")).resolves.toEqual({ body: png, contentType: "image/png" });
  });

  test("the same server as another site's URL is refused before any request", async () => {
    await expect(get("/logo.png", { siteOrigin: "https://loyaltap.example" })).rejects.toThrow(
      "only https URLs are fetched",
    );
  });

  test("not an image, an SVG, a redirect, a 404: refused", async () => {
    await expect(get("/page.html")).rejects.toThrow("text/html is not an image type we take");
    await expect(get("/logo.svg")).rejects.toThrow("image/svg+xml is not an image type we take");
    await expect(get("/moved")).rejects.toThrow("the answer was 301, not 200");
    await expect(get("/missing.png")).rejects.toThrow("the answer was 404, not 200");
  });

  test("more than 1 MB, declared or not: refused", async () => {
    await expect(get("/declared-huge.png")).rejects.toThrow("larger than 1048576 bytes");
    await expect(get("/huge.png")).rejects.toThrow("larger than 1048576 bytes");
  });

  test("no answer within the time limit: refused", async () => {
    const started = Date.now();
    await expect(get("/slow.png", { timeoutMs: 300 })).rejects.toBeInstanceOf(OutboundRefused);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test("a name that resolves to a loopback address is refused where the socket connects", async () => {
    const url = new URL(`https://localhost:${new URL(origin).port}/logo.png`);
    await expect(fetchRemoteImage(url, { siteOrigin: "https://loyaltap.example" })).rejects.toThrow(
      "localhost resolves to an address that is not public",
    );
  });
});
