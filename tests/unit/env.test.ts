import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { authEnv } from "@/lib/auth/env";
import { dbEnv } from "@/lib/db/env";
import { allSettings, EnvError, parseEnv } from "@/lib/env-check";
import { productionProblems } from "@/server/production-checks.mjs";
import { envProblems } from "../support/env-problems";
import { sourceFiles } from "../support/source-files";

const problemsOf = envProblems;

const publicSite = { NODE_ENV: "production", SITE_URL: "https://loyaltap.example" };
const complete = {
  ...publicSite,
  SMTP_URL: "smtp://mailer:secret@smtp.example:587",
  AUTH_SECRET: "a-secret-of-our-own",
  TAG_KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
};

describe("configuration (lib/env.ts and each feature's env.ts)", () => {
  test("a local run needs nothing set, and gets the documented defaults", () => {
    const config = parseEnv({});
    expect(config.DATABASE_POOL_MAX).toBe(10);
    expect(config.REGISTRATION_LIMIT_PER_HOUR).toBe(20);
    expect(config.NEXT_PUBLIC_SITE_NAME).toBe("Loyaltap");
    expect(config.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(config.LOYALTAP_TEST_CLOCK).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  test("values are typed: numbers, on/off flags, the key as its 32 bytes, the migration list", () => {
    const key = randomBytes(32);
    const config = parseEnv({
      DATABASE_POOL_MAX: "4",
      REGISTRATION_LIMIT_PER_HOUR: "0",
      REQUIRE_EMAIL_VERIFICATION: "1",
      TAG_KEY_ENCRYPTION_KEY: key.toString("hex"),
      LOYALTAP_MIGRATIONS: "20250101000000_init,20250202000000_tags",
    });
    expect(config.DATABASE_POOL_MAX).toBe(4);
    expect(config.REGISTRATION_LIMIT_PER_HOUR).toBe(0);
    expect(config.REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(config.TAG_KEY_ENCRYPTION_KEY).toEqual(key);
    expect(config.LOYALTAP_MIGRATIONS).toEqual(["20250101000000_init", "20250202000000_tags"]);
  });

  test("an empty value counts as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", DATABASE_POOL_MAX: " ", SMTP_URL: "" }).DATABASE_POOL_MAX).toBe(10);
  });

  test("a malformed value is refused with a message naming the variable and what it must be", () => {
    expect(problemsOf({ DATABASE_POOL_MAX: "ten" })).toEqual(["DATABASE_POOL_MAX must be a whole number, 1 or more"]);
    expect(problemsOf({ DATABASE_POOL_MAX: "0" })).toEqual(["DATABASE_POOL_MAX must be 1 or more"]);
    expect(problemsOf({ REQUIRE_EMAIL_VERIFICATION: "yes" })).toEqual([
      'REQUIRE_EMAIL_VERIFICATION must be "1" (on) or "0" (off)',
    ]);
    expect(problemsOf({ PORT: "70000" })).toEqual(["PORT must be from 0 to 65535"]);
    expect(problemsOf({ LOG_LEVEL: "verbose" })).toEqual([
      "LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent",
    ]);
    expect(problemsOf({ TAG_KEY_ENCRYPTION_KEY: "short" })).toEqual([
      "TAG_KEY_ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or base64",
    ]);
    expect(problemsOf({ DATABASE_URL: "mysql://db/loyaltap" })[0]).toMatch(
      /^DATABASE_URL must be a URL starting with postgresql:\/\/ or postgres:\/\//,
    );
    expect(problemsOf({ SITE_URL: "loyaltap.example" })[0]).toMatch(
      /^SITE_URL must be a URL starting with https:\/\/ or http:\/\//,
    );
  });

  test("every problem is reported at once, and no value is repeated (several are secrets)", () => {
    const secretUrl = "smtp-but-wrong://mailer:hunter2@smtp.example";
    let error: unknown;
    try {
      parseEnv({ SMTP_URL: secretUrl, REDIS_URL: "http://cache", TRUST_PROXY_HOPS: "-1" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { message, problems } = error as EnvError;
    expect(problems.map((problem) => problem.split(" ")[0]).sort()).toEqual([
      "REDIS_URL",
      "SMTP_URL",
      "TRUST_PROXY_HOPS",
    ]);
    expect(message).toContain("Invalid configuration:");
    expect(message).not.toContain("hunter2");
  });

  test("a public deployment (production on an https site) refuses the local-only defaults", () => {
    expect(problemsOf(complete)).toEqual([]);
    const withoutAll = problemsOf(publicSite);
    expect(withoutAll).toHaveLength(3);
    expect(withoutAll[0]).toMatch(/^SMTP_URL is not set: password-reset mails would not be delivered/);
    expect(withoutAll[1]).toMatch(/^AUTH_SECRET is not set/);
    expect(withoutAll[2]).toMatch(
      /^TAG_KEY_ENCRYPTION_KEY is not set: secure tags' NFC keys need their own encryption key/,
    );
    expect(problemsOf({ ...complete, LOYALTAP_TEST_CLOCK: "1" })).toEqual([
      "LOYALTAP_TEST_CLOCK=1 lets any request move the server's clock: never set it in production",
    ]);
  });

  test("the tests' push service origins: loopback origins, refused by a public production start", () => {
    expect(parseEnv({}).LOYALTAP_TEST_PUSH_ORIGINS).toEqual([]);
    expect(
      parseEnv({ LOYALTAP_TEST_PUSH_ORIGINS: "http://127.0.0.1:4010/, http://localhost:4011" })
        .LOYALTAP_TEST_PUSH_ORIGINS,
    ).toEqual(["http://127.0.0.1:4010", "http://localhost:4011"]);
    const notOrigins =
      "LOYALTAP_TEST_PUSH_ORIGINS must be loopback origins separated by commas (e.g. http://127.0.0.1:4010)";
    expect(problemsOf({ LOYALTAP_TEST_PUSH_ORIGINS: "127.0.0.1:4010" })).toEqual([notOrigins]);
    // A host elsewhere is never a stand-in: the worker would post to it.
    expect(problemsOf({ LOYALTAP_TEST_PUSH_ORIGINS: "http://10.0.0.5:4010" })).toEqual([notOrigins]);
    expect(problemsOf({ LOYALTAP_TEST_PUSH_ORIGINS: "https://push.example.com" })).toEqual([notOrigins]);
    const refused =
      "LOYALTAP_TEST_PUSH_ORIGINS lets push messages go to hosts that are not the browsers' push services: it is for tests only, never set it in production";
    const standIn = { LOYALTAP_TEST_PUSH_ORIGINS: "http://127.0.0.1:4010" };
    expect(problemsOf({ ...complete, ...standIn })).toEqual([refused]);
    // The end-to-end suite's local production build (http site URL) may use its stand-in.
    expect(problemsOf({ NODE_ENV: "production", SITE_URL: "http://localhost:3000", ...standIn })).toEqual([]);
    expect(productionProblems({ NODE_ENV: "production", ...standIn })).toEqual([]);
    expect(problemsOf({ NODE_ENV: "test", ...standIn })).toEqual([]);
  });

  test("the tests' webhook receivers: loopback origins only, refused by a public production start", () => {
    expect(parseEnv({}).LOYALTAP_TEST_WEBHOOK_ORIGINS).toEqual([]);
    expect(
      parseEnv({ LOYALTAP_TEST_WEBHOOK_ORIGINS: "http://127.0.0.1:4590/, http://[::1]:4591" })
        .LOYALTAP_TEST_WEBHOOK_ORIGINS,
    ).toEqual(["http://127.0.0.1:4590", "http://[::1]:4591"]);
    const notLoopback =
      "LOYALTAP_TEST_WEBHOOK_ORIGINS must be loopback origins separated by commas (e.g. http://127.0.0.1:4590)";
    expect(problemsOf({ LOYALTAP_TEST_WEBHOOK_ORIGINS: "http://10.0.0.1:4590" })).toEqual([notLoopback]);
    expect(problemsOf({ LOYALTAP_TEST_WEBHOOK_ORIGINS: "https://hooks.example.com" })).toEqual([notLoopback]);
    const standIn = { LOYALTAP_TEST_WEBHOOK_ORIGINS: "http://127.0.0.1:4590" };
    expect(problemsOf({ NODE_ENV: "production", SITE_URL: "http://localhost:3000", ...standIn })).toEqual([]);
    expect(problemsOf({ ...complete, ...standIn })).toEqual([
      "LOYALTAP_TEST_WEBHOOK_ORIGINS lets webhooks go to loopback receivers over http: it is for tests only, never set it on a public site",
    ]);
  });

  test("a local run of the production build (http site URL) keeps the derived key and the mail outbox", () => {
    expect(problemsOf({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" })).toEqual([]);
  });

  describe("env (this process's configuration)", () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    test("reads a variable when it is used, so a test can set it for itself", () => {
      delete process.env.REGISTRATION_LIMIT_PER_HOUR;
      expect(authEnv.REGISTRATION_LIMIT_PER_HOUR).toBe(20);
      process.env.REGISTRATION_LIMIT_PER_HOUR = "3";
      expect(authEnv.REGISTRATION_LIMIT_PER_HOUR).toBe(3);
      process.env = { ...saved, REQUIRE_EMAIL_VERIFICATION: "1" };
      expect(authEnv.REQUIRE_EMAIL_VERIFICATION).toBe(true);
    });

    test("a malformed variable throws an error naming it when read", () => {
      process.env.DATABASE_IDLE_TIMEOUT_MS = "soon";
      expect(() => dbEnv.DATABASE_IDLE_TIMEOUT_MS).toThrow(
        "DATABASE_IDLE_TIMEOUT_MS must be a whole number, 1 or more",
      );
    });
  });
});

// Values Next.js writes into the bundle at build time must stay spelled out
// where they are used (docs/operations.md, "Environment variables").
const INLINED_AT_BUILD = new Map([
  ["lib/cache.ts", ["NEXT_RUNTIME"]],
  ["components/business-registration/place-name-input.tsx", ["NEXT_PUBLIC_GOOGLE_MAPS_API_KEY"]],
  ["components/pwa/pwa-setup.tsx", ["NODE_ENV"]],
  ["lib/site-name.ts", ["NEXT_PUBLIC_SITE_NAME"]],
]);

test("app/, components/ and lib/ read configuration through the settings readers only", () => {
  const offenders: string[] = [];
  for (const file of ["app", "components", "lib"].flatMap(sourceFiles)) {
    if (file === path.join("lib", "env.ts") || file === path.join("lib", "env-check.ts")) continue;
    const allowed = INLINED_AT_BUILD.get(file.split(path.sep).join("/")) ?? [];
    for (const match of readFileSync(file, "utf8").matchAll(/process\.env(?:\.(\w+))?/g)) {
      if (!allowed.includes(match[1] ?? "")) offenders.push(`${file}: ${match[0]}`);
    }
  }
  expect(offenders).toEqual([]);
});

describe("each feature owns its settings (lib/<feature>/env.ts)", () => {
  const featureFiles = sourceFiles("lib").filter(
    (file) => path.basename(file) === "env.ts" && file !== path.join("lib", "env.ts"),
  );

  test("the start-up check composes every feature's settings, and each variable has one owner", async () => {
    const composed = new Set<unknown>(allSettings);
    for (const file of featureFiles) {
      const exported = Object.entries(await import(`@/${file.replace(/\.ts$/, "")}`)).filter(([name]) =>
        name.endsWith("Settings"),
      );
      expect([file, exported.length]).toEqual([file, 1]);
      expect([file, composed.has(exported[0]?.[1])]).toEqual([file, true]);
    }
    expect(allSettings).toHaveLength(featureFiles.length + 1);
    const names = allSettings.flatMap((settings) => Object.keys(settings.schema));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  test("a feature's rule names its variables, and runs only when each of them is valid on its own", () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: "not-a-key" })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY must be the public key/),
    ]);
    expect(problemsOf({ GOOGLE_WALLET_ISSUER_ID: "3388000000022200000" })).toEqual([
      expect.stringMatching(/^GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY must be set too/),
    ]);
  });
});
