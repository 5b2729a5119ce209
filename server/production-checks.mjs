// Configuration a public deployment must have. "Production" is NODE_ENV=production
// served on an https site URL: local runs of the production build (npm start on
// http://localhost, the tests) keep their conveniences — a generated
// AUTH_SECRET, a key derived from it, mails written to an outbox folder.

/** @param {Record<string, string | undefined>} [env] */
export function isPublicProduction(env = process.env) {
  return (
    env.NODE_ENV === "production" &&
    [env.SITE_URL, env.AUTH_URL].some((url) => typeof url === "string" && url.startsWith("https://"))
  );
}

/** What is missing for a public deployment, or set that no production start may have; empty when it may start. */
/** @param {Record<string, string | undefined>} [env] */
export function productionProblems(env = process.env) {
  const problems = [];
  if (!isPublicProduction(env)) return problems;
  // Test-only switches: the end-to-end suite's local production build (an http
  // site URL) may use them, a public deployment never.
  if (env.LOYALTAP_TEST_PUSH_ORIGINS?.trim())
    problems.push(
      "LOYALTAP_TEST_PUSH_ORIGINS lets push messages go to hosts that are not the browsers' push services: it is for tests only, never set it in production",
    );
  if (!env.SMTP_URL)
    problems.push(
      "SMTP_URL is not set: password-reset mails would not be delivered (set SMTP_URL, e.g. smtp://user:pass@host:587)",
    );
  if (!env.AUTH_SECRET) problems.push("AUTH_SECRET is not set: sessions and access tokens need a secret of your own");
  if (!env.TAG_KEY_ENCRYPTION_KEY)
    problems.push(
      "TAG_KEY_ENCRYPTION_KEY is not set: secure tags' NFC keys need their own encryption key (32 bytes, base64 or hex)",
    );
  // Webhooks' stand-in receivers: loopback only (lib/webhooks/env.ts), and never on a public site.
  if (env.LOYALTAP_TEST_WEBHOOK_ORIGINS?.trim())
    problems.push(
      "LOYALTAP_TEST_WEBHOOK_ORIGINS lets webhooks go to loopback receivers over http: it is for tests only, never set it on a public site",
    );
  if (env.LOYALTAP_TEST_CLOCK === "1")
    problems.push("LOYALTAP_TEST_CLOCK=1 lets any request move the server's clock: never set it in production");
  if (env.LOYALTAP_TEST_CAPTURE_STATEMENTS === "1")
    problems.push(
      "LOYALTAP_TEST_CAPTURE_STATEMENTS=1 logs every SQL statement with its values: never set it in production",
    );
  return problems;
}
