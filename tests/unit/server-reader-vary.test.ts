import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addReaderVary, variesByReader, withReaderVary } from "@/server/reader-vary.mjs";

// The visitor's tap page and the card answer one URL in several languages: a shared
// cache in front must be told what picks the language (docs/caching.md).
describe("Vary: Cookie, Accept-Language on the pages that answer in the reader's language", () => {
  test("the visitor's /tap?id= and the bare card vary; their explicit languages and other pages do not", () => {
    for (const url of ["/tap?id=cafe-1", "/tap?id=cafe-1&lang=es", "/b/cafe-central", "/b/cafe-central/"])
      expect({ url, varies: variesByReader(url) }).toEqual({ url, varies: true });
    for (const url of ["/tap", "/tap/visitor/cafe-1", "/b/cafe-central/es", "/b/x/opengraph-image", "/about", "/"])
      expect({ url, varies: variesByReader(url) }).toEqual({ url, varies: false });
  });

  test("is added once beside what is there", () => {
    expect(withReaderVary(undefined)).toBe("Cookie, Accept-Language");
    expect(withReaderVary("rsc, next-router-state-tree")).toBe("rsc, next-router-state-tree, Cookie, Accept-Language");
    expect(withReaderVary("cookie, Accept-Encoding")).toBe("cookie, Accept-Encoding, Accept-Language");
    expect(withReaderVary("*")).toBe("*");
  });

  test("survives a handler that replaces Vary before it writes the headers", async () => {
    const server: Server = createServer((request, response) => {
      addReaderVary(response);
      response.setHeader("Vary", "rsc, next-router-state-tree");
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/b/cafe`);
      expect(answer.headers.get("vary")).toBe("rsc, next-router-state-tree, Cookie, Accept-Language");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
