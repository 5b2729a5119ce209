import { findSecrets } from "@/scripts/check-logs.mjs";

describe("the log check of the e2e run", () => {
  test("flags the secrets a log must never hold", () => {
    const leaks = [
      "  customer        customer@loyaltap.test / loyaltap-demo",
      '[mail] to=a@example.test subject="Reset"\nOpen http://127.0.0.1:3100/auth/reset?token=Zm9vYmFyYmF6cXV4 to reset',
      '{"access_token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl","refresh_token":"rt_abcdefghijkl"}',
      "authorization: Bearer abcdefghijklmnop",
      "sdm key 00112233445566778899AABBCCDDEEFF",
      '{"msg":"GOOGLE_WALLET_PRIVATE_KEY=-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg"}',
    ];
    for (const line of leaks) expect({ line, found: findSecrets(line).length > 0 }).toEqual({ line, found: true });
  });

  test("passes the lines a clean run writes", () => {
    const clean = [
      '{"level":"info","type":"access","requestId":"4ed89c5b-e1ef-4ca1-a71f-1a1a57acd1ee","method":"GET","path":"/auth/reset","status":200}',
      '{"level":"info","msg":"Mail written to the outbox (no SMTP_URL): to=a@example.test subject=\\"Reset your password\\" file=/tmp/x/mail/2026-11-23T12-00-00-000Z-0a1b2c3d.eml"}',
      '{"level":"warn","msg":"reset https://x.test/auth/reset?token=[redacted] Bearer [redacted]"}',
      "✓ Running next.config.ts took 38ms",
    ];
    for (const line of clean) expect({ line, hits: findSecrets(line) }).toEqual({ line, hits: [] });
  });
});
