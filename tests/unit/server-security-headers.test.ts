import { cspTemplate, securityHeaders } from "@/server/security-headers.mjs";
import { productionProblems } from "@/server/production-checks.mjs";
import { scrub } from "@/server/logger.mjs";

function headersFor(env: Record<string, string>, nonce = "N1") {
  const set = new Map<string, string>();
  securityHeaders(env)({ setHeader: (name: string, value: string) => set.set(name.toLowerCase(), value) }, nonce);
  return set;
}

describe("security headers", () => {
  test("production: nonce'd strict-dynamic scripts, no unsafe-eval or unsafe-inline for scripts, no framing", () => {
    const headers = headersFor({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" });
    const csp = headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1];
    expect(scriptSrc).toBe("'self' 'nonce-N1' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toContain("camera=()");
    expect(headers.has("strict-transport-security")).toBe(false);
  });
  test("passkeys work on the site's own pages, and only there", () => {
    const policy = headersFor({}).get("permissions-policy")!;
    expect(policy).toContain("publickey-credentials-get=(self)");
    expect(policy).toContain("publickey-credentials-create=(self)");
  });
  test("each nonce gets its own policy", () => {
    expect(headersFor({}, "A").get("content-security-policy")).toContain("'nonce-A'");
    expect(headersFor({}, "B").get("content-security-policy")).toContain("'nonce-B'");
  });
  test("an https site gets HSTS and upgrade-insecure-requests", () => {
    const headers = headersFor({ NODE_ENV: "production", SITE_URL: "https://loyaltap.example" });
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
  test("Google Maps hosts only when the Maps key is configured; dev allows eval", () => {
    expect(cspTemplate({})).not.toContain("googleapis");
    expect(cspTemplate({ NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: "k" })).toContain("https://maps.googleapis.com");
    expect(cspTemplate({ NODE_ENV: "development" })).toContain("'unsafe-eval'");
    expect(cspTemplate({ NODE_ENV: "production" })).not.toContain("unsafe-eval");
  });
});

describe("production configuration", () => {
  const complete = {
    NODE_ENV: "production",
    SITE_URL: "https://loyaltap.example",
    SMTP_URL: "smtp://x",
    AUTH_SECRET: "s",
    TAG_KEY_ENCRYPTION_KEY: "k",
  };
  test("a public deployment without a mailer, AUTH_SECRET or tag key is refused with a clear message", () => {
    expect(productionProblems(complete)).toEqual([]);
    expect(productionProblems({ ...complete, SMTP_URL: "" })[0]).toMatch(/^SMTP_URL is not set/);
    expect(productionProblems({ ...complete, AUTH_SECRET: "" })[0]).toMatch(/^AUTH_SECRET is not set/);
    expect(productionProblems({ ...complete, TAG_KEY_ENCRYPTION_KEY: "" })[0]).toMatch(
      /^TAG_KEY_ENCRYPTION_KEY is not set/,
    );
  });
  test("the test-only switches are refused in a public deployment", () => {
    expect(productionProblems({ ...complete, LOYALTAP_TEST_CLOCK: "1" })[0]).toMatch(/^LOYALTAP_TEST_CLOCK=1/);
    expect(productionProblems({ ...complete, LOYALTAP_TEST_CAPTURE_STATEMENTS: "1" })[0]).toMatch(
      /^LOYALTAP_TEST_CAPTURE_STATEMENTS=1 logs every SQL statement/,
    );
  });
  test("local runs of the production build (http site URL) keep their conveniences", () => {
    expect(productionProblems({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" })).toEqual([]);
  });
});

describe("log scrubbing", () => {
  test("links with tokens, bearer tokens, OAuth tokens and key hex are blanked", () => {
    const line = scrub(
      'reset https://x.test/auth/reset?token=abcDEF123 Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig {"access_token":"t1","refresh_token":"t2"} key 00112233445566778899aabbccddeeff',
    );
    for (const secret of ["abcDEF123", "eyJhbGciOiJIUzI1NiJ9", '"t1"', '"t2"', "00112233445566778899aabbccddeeff"])
      expect(line).not.toContain(secret);
    expect(line).toContain("token=[redacted]");
  });
});
