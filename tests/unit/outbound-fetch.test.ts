import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { outboundFetch, OutboundRefused, outboundUrlProblem, type HostResolver } from "@/lib/http/outbound-fetch";
import { isNonPublicAddress } from "@/lib/http/public-address";

// The one guard every fetch of a URL someone else chose goes through
// (lib/http/outbound-fetch.ts): the server must not be a way into its own
// network, whatever the URL's name resolves to.

describe("which addresses are not public", () => {
  test.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::",
    "fc00::1",
    "fd00::1",
    "fc12:3456::1",
    "ff02::1",
    // IPv4-mapped: judged as the IPv4 address.
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "::ffff:0:7f00:1",
    // IPv4-compatible (deprecated, ::/96): 169.254.169.254 and 127.0.0.1 to some stacks.
    "::a9fe:a9fe",
    "::169.254.169.254",
    "::7f00:1",
    "::8.8.8.8",
    "[::1]",
    "[::a9fe:a9fe]",
    "not-an-address",
  ])("%s", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  test.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
  ])("%s is public", (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });
});

describe("which URLs are tried", () => {
  const problem = (url: string, trusted: string[] = []) => outboundUrlProblem(new URL(url), trusted);

  test("https anywhere by name; a trusted origin over http too", () => {
    expect(problem("https://cdn.example/logo.png")).toBeNull();
    expect(problem("http://127.0.0.1:4010/push/1", ["http://127.0.0.1:4010"])).toBeNull();
  });

  test("other schemes, credentials and literal addresses that are not public are refused before any request", () => {
    expect(problem("http://cdn.example/logo.png")).toBe("only https URLs are fetched");
    expect(problem("http://127.0.0.1:4011/push/1", ["http://127.0.0.1:4010"])).toBe("only https URLs are fetched");
    expect(problem("file:///etc/passwd")).toBe("only https URLs are fetched");
    expect(problem("https://user:pass@cdn.example/x")).toBe("URLs with credentials are not fetched");
    expect(problem("https://169.254.169.254/latest/meta-data")).toBe("the address is not public");
    expect(problem("https://[::a9fe:a9fe]/latest/meta-data")).toBe("the address is not public");
    expect(problem("https://[::ffff:127.0.0.1]/x")).toBe("the address is not public");
    expect(problem("https://2130706433/x")).toBe("the address is not public");
  });
});

describe("the address is checked where the socket connects", () => {
  let server: Server;
  let port: number;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests++;
      request.resume();
      request.on("end", () => response.writeHead(201).end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const resolvingTo =
    (...addresses: string[]): HostResolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  test.each([["127.0.0.1"], ["::a9fe:a9fe"], ["10.0.0.7"], ["93.184.216.34", "192.168.0.1"]])(
    "a public name that resolves to %s (…) is refused, and nothing is sent",
    async (...addresses) => {
      const before = requests;
      const url = new URL(`https://fcm.googleapis.com:${port}/fcm/send/x`);
      const sent = outboundFetch(url, {
        method: "POST",
        timeoutMs: 2000,
        maxBytes: 1024,
        resolve: resolvingTo(...addresses),
      });
      await expect(sent).rejects.toThrow(
        new OutboundRefused("fcm.googleapis.com resolves to an address that is not public"),
      );
      expect(requests).toBe(before);
    },
  );

  test("localhost, through the system's resolver, is refused too", async () => {
    await expect(
      outboundFetch(new URL(`https://localhost:${port}/x`), { timeoutMs: 2000, maxBytes: 1024 }),
    ).rejects.toThrow("localhost resolves to an address that is not public");
  });

  test("a trusted origin is reached on loopback, over http, with the body sent", async () => {
    const before = requests;
    const origin = `http://127.0.0.1:${port}`;
    const answer = await outboundFetch(new URL(`${origin}/push/1`), {
      method: "POST",
      body: new TextEncoder().encode("hello"),
      timeoutMs: 2000,
      maxBytes: 1024,
      trustedOrigins: [origin],
    });
    expect({ status: answer.status, body: answer.body.toString() }).toEqual({ status: 201, body: "ok" });
    expect(requests).toBe(before + 1);
  });
});
