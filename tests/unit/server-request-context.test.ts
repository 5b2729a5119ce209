import { clientAddress, requestIdFor, trustedProxyHops } from "@/server/request-context.mjs";

describe("request id", () => {
  test("a sane incoming X-Request-Id is kept", () => {
    expect(requestIdFor("abc-123_DEF.4:5")).toBe("abc-123_DEF.4:5");
  });
  test("a missing, oversized or odd one is replaced by a random id", () => {
    for (const incoming of [undefined, "", "a".repeat(129), "has space", 'x"}\n{"forged":1', "<script>"]) {
      const id = requestIdFor(incoming);
      expect(id).not.toBe(incoming);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});

describe("client address", () => {
  test("with no trusted proxy it is the socket's peer, whatever X-Forwarded-For says", () => {
    expect(clientAddress("10.0.0.5", "1.2.3.4", 0)).toBe("10.0.0.5");
    expect(clientAddress("::ffff:10.0.0.5", undefined, 0)).toBe("10.0.0.5");
  });
  test("behind N trusted proxies it is the Nth address from the right, the peer counting as the last hop", () => {
    // client 203.0.113.7 → proxy A (appends the client) → proxy B (appends A) → us (peer = B)
    expect(clientAddress("10.0.0.2", "198.51.100.1, 203.0.113.7, 10.0.0.1", 2)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.1", "198.51.100.1, 203.0.113.7", 1)).toBe("203.0.113.7");
  });
  test("a short or garbage chain falls back to the socket's peer", () => {
    expect(clientAddress("10.0.0.1", "203.0.113.7", 3)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "not-an-ip", 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
  });
  test("TRUST_PROXY_HOPS that is not a small whole number means 0", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("2")).toBe(2);
    for (const raw of ["-1", "1.5", "abc", "1000"]) expect(trustedProxyHops(raw)).toBe(0);
  });
});
