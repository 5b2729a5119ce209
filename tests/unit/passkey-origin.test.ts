import { envProblems } from "../support/env-problems";
import { CHALLENGE_TTL_MS, challengeKey, openChallenge, sealChallenge } from "@/lib/auth/webauthn-challenge";

// The passkeys' relying party is the site's public origin (docs/authentication.md,
// "Passkeys"): the start-up check refuses one WebAuthn cannot use. And the ceremony's
// challenge cookie: signed, for one ceremony and account, for 5 minutes.

describe("SITE_URL as the passkeys' relying party", () => {
  it.each([
    "https://loyaltap.example",
    "https://loyaltap.example/",
    "http://localhost:3000",
    "http://127.0.0.1:4000",
    // A test setup's public origin behind a plain proxy: it starts; its browsers offer no passkeys.
    "http://loyaltap.example",
  ])("accepts %s", (value) => {
    expect(envProblems({ SITE_URL: value })).toEqual([]);
  });

  it.each([
    ["https://loyaltap.example/app", /^SITE_URL must be a bare origin/],
    ["https://loyaltap.example/?a=1", /^SITE_URL must be a bare origin/],
    ["https://user@loyaltap.example", /^SITE_URL must be a bare origin/],
  ])("refuses %s", (value, message) => {
    const problems = envProblems({ SITE_URL: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("checks AUTH_URL when SITE_URL is unset (the site's origin then)", () => {
    expect(envProblems({ AUTH_URL: "https://loyaltap.example/app" })[0]).toMatch(/^AUTH_URL must be a bare origin/);
    expect(envProblems({ AUTH_URL: "https://loyaltap.example/app", SITE_URL: "https://loyaltap.example" })).toEqual([]);
  });
});

describe("the ceremony's challenge cookie", () => {
  const key = challengeKey("a-secret-of-our-own");
  const now = new Date("2026-11-27T10:00:00Z");
  const sealed = sealChallenge({ purpose: "register", challenge: "abcdefghijklmnopqrstuv", userId: "u1" }, now, key);

  it("opens for its own ceremony before it expires", () => {
    expect(openChallenge(sealed.value, "register", now, key)).toMatchObject({
      challenge: "abcdefghijklmnopqrstuv",
      userId: "u1",
    });
  });

  it("refuses another ceremony, another key, a change, and an expired one", () => {
    expect(openChallenge(sealed.value, "sign-in", now, key)).toBeNull();
    expect(openChallenge(sealed.value, "register", now, challengeKey("another secret"))).toBeNull();
    const [payload, mac] = sealed.value.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), u: "u2" }),
    ).toString("base64url");
    expect(openChallenge(`${forged}.${mac}`, "register", now, key)).toBeNull();
    expect(openChallenge(sealed.value, "register", new Date(now.getTime() + CHALLENGE_TTL_MS + 1000), key)).toBeNull();
  });
});
