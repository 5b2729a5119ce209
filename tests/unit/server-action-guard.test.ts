import { refuseBadServerAction, SERVER_ACTION_BODY_LIMIT } from "@/lib/http/server-action-guard";

// What the proxy answers for a server-action post Next.js would fail with a 500.

const ACTION = "4073e2055853decfd97ffe3b408f4ad374f6b27b3f";

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/dashboard/settings", {
    method: "POST",
    headers: {
      "next-action": ACTION,
      origin: "http://localhost:3000",
      host: "localhost:3000",
      "content-type": "text/plain;charset=UTF-8",
      cookie: "authjs.session-token=x",
      ...headers,
    },
    body,
    // @ts-expect-error Node's fetch needs this for a streamed body
    duplex: "half",
  });
}

async function status(request: Request) {
  return (await refuseBadServerAction(request))?.status ?? null;
}

describe("refuseBadServerAction", () => {
  it("lets a well-formed call through", async () => {
    expect(await status(post('[{"firstName":"Pau"}]'))).toBeNull();
    const form = new FormData();
    form.set("1_firstName", "Pau");
    const multipart = new Request("http://localhost:3000/x", { method: "POST", body: form });
    expect(
      await status(post(await multipart.arrayBuffer(), { "content-type": multipart.headers.get("content-type")! })),
    ).toBeNull();
  });

  it("lets React's own plain-value markers through: escaped dollars, undefined, dates, big integers", async () => {
    expect(
      await status(post('["$$5 off", {"note":"$undefined","at":"$D2026-11-23T10:00:00.000Z","n":"$n12"}, "$NaN"]')),
    ).toBeNull();
  });

  it("ignores posts without a Next-Action header", async () => {
    const plain = new Request("http://localhost:3000/api/tap", {
      method: "POST",
      body: "{{",
      headers: { "content-type": "text/plain" },
    });
    expect(await status(plain)).toBeNull();
  });

  it.each([
    ["truncated JSON", '[{"firstName":', {}, 400],
    ["not an argument list", '"x"', {}, 400],
    ["not UTF-8", new Uint8Array([0x5b, 0xff, 0x5d]), {}, 400],
    ["broken multipart", "garbage", { "content-type": "multipart/form-data; boundary=xx" }, 400],
    ["a JSON content type", "[]", { "content-type": "application/json" }, 415],
    ["no content type", "[]", { "content-type": "" }, 415],
    ["a declared size over 1 MB", "[]", { "content-length": String(SERVER_ACTION_BODY_LIMIT + 1) }, 413],
    ["a foreign Origin", "[]", { origin: "https://evil.example" }, 403],
    ["an opaque Origin", "[]", { origin: "null" }, 403],
    ["a reference to a part a plain body cannot have", '["$Q1"]', {}, 400],
    ["a promise reference inside an object", '[{"name":"$@3"}]', {}, 400],
    ["a reference in a then field", '[{"then":"$1:then"}]', {}, 400],
  ] as const)("%s is refused", async (_label, body, headers, expected) => {
    expect(await status(post(body as BodyInit, headers as Record<string, string>))).toBe(expected);
  });

  it("403 for cookies without Origin; a call with neither is left to Next.js", async () => {
    const noOrigin = post("[]");
    noOrigin.headers.delete("origin");
    expect(await status(noOrigin)).toBe(403);
    const bare = post("[]");
    bare.headers.delete("origin");
    bare.headers.delete("cookie");
    expect(await status(bare)).toBeNull();
  });

  it("413 for a chunked body that turns out over 1 MB", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > SERVER_ACTION_BODY_LIMIT) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    expect(await status(post(stream))).toBe(413);
  });
});
