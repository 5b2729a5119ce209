import { isLoopbackAddress, isPublicAddress } from "@/lib/webhooks/address";
import { webhookSignature } from "@/lib/webhooks/sign";
import { nextAttemptAt, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "@/lib/webhooks/schedule";
import { productionProblems } from "@/server/production-checks.mjs";
import { parseTargetUrl } from "@/lib/webhooks/target";

// Which addresses a webhook may go to (lib/webhooks/address.ts), the signature's
// algorithm against the Standard Webhooks specification's own example, and the retry schedule.

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "169.254.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "not an address",
    "",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
  ])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("knows loopback apart (what the test switch may let through)", () => {
    expect(["127.0.0.1", "::1", "[::1]", "::ffff:127.0.0.1"].every(isLoopbackAddress)).toBe(true);
    expect(["10.0.0.1", "169.254.169.254", "8.8.8.8", "fe80::1"].some(isLoopbackAddress)).toBe(false);
  });
});

describe("the signature", () => {
  it("matches the Standard Webhooks specification's example", () => {
    // The example of https://github.com/standard-webhooks/standard-webhooks (spec/standard-webhooks.md).
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    const timestamp = 1614265330;
    const body = '{"test": 2432232314}';
    expect(webhookSignature(secret, id, timestamp, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });
});

describe("the retry schedule", () => {
  it("waits four times longer each time and ends within a day", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    let at = start;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const next = nextAttemptAt(attempt, at)!;
      expect(next.getTime() - at.getTime()).toBe(RETRY_DELAYS_SECONDS[attempt - 1]! * 1000);
      at = next;
    }
    expect(nextAttemptAt(MAX_ATTEMPTS, at)).toBeNull();
    const hours = (at.getTime() - start.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(24);
  });
});

describe("the test switch", () => {
  it("is refused by a public production start, and allowed on a local production build", () => {
    const publicStart = {
      NODE_ENV: "production",
      SITE_URL: "https://loyaltap.example",
      SMTP_URL: "smtp://x",
      AUTH_SECRET: "s".repeat(40),
      TAG_KEY_ENCRYPTION_KEY: "a".repeat(64),
      LOYALTAP_TEST_WEBHOOK_ORIGINS: "http://127.0.0.1:4590",
    };
    expect(productionProblems(publicStart).join("\n")).toContain("LOYALTAP_TEST_WEBHOOK_ORIGINS");
    const local = {
      NODE_ENV: "production",
      SITE_URL: "http://localhost:3000",
      LOYALTAP_TEST_WEBHOOK_ORIGINS: "http://127.0.0.1:4590",
    };
    expect(productionProblems(local).join("\n")).not.toContain("LOYALTAP_TEST_WEBHOOK_ORIGINS");
  });

  it("lets http through only for its own origins", () => {
    expect(parseTargetUrl("http://127.0.0.1:4590/x", ["http://127.0.0.1:4590"])).toMatchObject({ ok: true });
    expect(parseTargetUrl("http://127.0.0.1:4591/x", ["http://127.0.0.1:4590"])).toEqual({
      ok: false,
      reason: "not_https",
    });
    expect(parseTargetUrl("https://user:pw@example.com/", [])).toEqual({ ok: false, reason: "invalid_url" });
  });
});
