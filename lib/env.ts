import "server-only";
import { createECDH } from "node:crypto";
import { z } from "zod";
import { relyingPartyProblem } from "@/lib/auth/relying-party";
import { parseKek } from "@/lib/nfc/kek";
import { isVapidPrivateKey, isVapidPublicKey } from "@/lib/push/keys";
import {
  apnsKeyOf,
  appleWalletProblems,
  certificateOf,
  isAppleId10,
  isPassTypeId,
  isPrivateKeyPem,
  normalisePem,
} from "@/lib/wallet/apple/keys";
import { isIssuerId, isServiceAccountEmail, normalisePrivateKeyPem, rsaPrivateKeyOf } from "@/lib/wallet/google/keys";
import { firstIssue } from "@/lib/validation/errors";
import { isPublicProduction, productionProblems } from "@/server/production-checks.mjs";

// The app's configuration: every environment variable Loyaltap reads, its form
// and its default, in one zod schema. The app reads configuration through
// `env` only; README.md and .env.example describe the same list for people.
//
// - An empty value counts as unset (`FOO=` in a .env file, `FOO: ""` in a test).
// - A malformed value is an error naming the variable and what it must be; the
//   value itself is never repeated (several of them are secrets).
// - What a public deployment must set on top of this (SMTP_URL, AUTH_SECRET,
//   TAG_KEY_ENCRYPTION_KEY, no test clock) is decided in one place,
//   server/production-checks.mjs, because scripts/start.mjs and
//   server/index.mjs apply it in plain Node before the app is loaded;
//   `validateEnv` applies the same rules.
// - `env.X` reads process.env.X on every access (parsed again when its text
//   changed), so tests can set a variable per test.
// - `validateEnv()` checks them all at once: the server runs it at start
//   (instrumentation.ts), so a bad value stops the process before the first
//   request rather than failing one request.
//
// Variables used only by plain-Node code that runs before or around the app
// (server/*.mjs, scripts/*.mjs: PORT, HOST, LOG_*, REDIS_*, TRUST_PROXY_HOPS,
// SEED_DEMO, …) are listed here too, so the start-up check covers them; that
// code reads them itself, since it cannot load TypeScript.

const unset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

function text() {
  return z.preprocess(unset, z.string().optional());
}

function withDefault<T>(schema: z.ZodType<T | undefined>, fallback: T) {
  return schema.transform((value) => value ?? fallback);
}

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return z.preprocess(
    unset,
    z
      .string()
      .regex(/^\s*\d+\s*$/, `must be a whole number, ${range}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be ${range}`).max(max, `must be ${range}`))
      .optional(),
  );
}

/** "1" on, "0" (or unset) off. */
function flag() {
  return z
    .preprocess(unset, z.enum(["0", "1"], { error: 'must be "1" (on) or "0" (off)' }).optional())
    .transform((value) => value === "1");
}

function url(protocols: readonly string[], example: string) {
  const accepted = protocols.map((protocol) => `${protocol}//`).join(" or ");
  return z.preprocess(
    unset,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${accepted} (e.g. ${example})`)
      .optional(),
  );
}

export const envSchema = {
  NODE_ENV: withDefault(
    z.preprocess(
      unset,
      z
        .enum(["development", "production", "test"], { error: 'must be "development", "production" or "test"' })
        .optional(),
    ),
    "development",
  ),

  // Database (lib/db). npm start provides DATABASE_URL (the embedded PGlite when unset).
  DATABASE_URL: url(["postgresql:", "postgres:"], "postgresql://user:password@host:5432/loyaltap"),
  DATABASE_POOL_MAX: withDefault(wholeNumber(1), 10),
  DATABASE_IDLE_TIMEOUT_MS: withDefault(wholeNumber(1), 10_000),
  /** Set by npm start on the embedded database: no prepared statements (lib/db/sql.ts). */
  LOYALTAP_EMBEDDED_DATABASE: flag(),
  LOYALTAP_DATA_DIR: text(),
  LOYALTAP_DB_PORT: wholeNumber(0, 65_535),
  /** The migrations this build expects, recorded by next.config.ts at build time (lib/db/health.ts). */
  LOYALTAP_MIGRATIONS: z
    .preprocess(unset, z.string().optional())
    .transform((value) => value?.split(",").filter(Boolean)),

  // Sessions and the public origin (docs/authentication.md).
  AUTH_SECRET: text(),
  AUTH_URL: url(["https:", "http:"], "https://loyaltap.example"),
  SITE_URL: url(["https:", "http:"], "https://loyaltap.example"),
  AUTH_GOOGLE_ID: text(),
  AUTH_GOOGLE_SECRET: text(),
  NEXT_PUBLIC_SITE_NAME: withDefault(text(), "Loyaltap"),
  /** Read in the browser by the business wizard (inlined by Next.js at build time); listed for the start-up check. */
  NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: text(),

  // Mail (docs/operations.md#mail).
  SMTP_URL: url(["smtp:", "smtps:"], "smtp://user:pass@smtp.example:587"),
  MAIL_FROM: withDefault(text(), "Loyaltap <no-reply@loyaltap.local>"),
  MAIL_OUTBOX_DIR: text(),

  // Web push (docs/notifications-push.md): both keys set turn it on; without them
  // the wallet offers no opt-in and push jobs do nothing.
  /** `npx web-push generate-vapid-keys` prints the pair: the public key browsers subscribe with. */
  VAPID_PUBLIC_KEY: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine(isVapidPublicKey, "must be the public key `npx web-push generate-vapid-keys` prints (URL-safe base64)")
      .optional(),
  ),
  /** Signs every push request (VAPID); a secret like AUTH_SECRET. */
  VAPID_PRIVATE_KEY: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine(isVapidPrivateKey, "must be the private key `npx web-push generate-vapid-keys` prints (URL-safe base64)")
      .optional(),
  ),
  /** Who push services may contact about our pushes; default: mailto: the address of MAIL_FROM. */
  VAPID_SUBJECT: url(["mailto:", "https:"], "mailto:push@loyaltap.example"),
  /**
   * Tests only: origins accepted as push endpoints besides the browsers' push services, and
   * posted to on any address (the stand-in push service on loopback). Refused with NODE_ENV=production.
   */
  LOYALTAP_TEST_PUSH_ORIGINS: z
    .preprocess(
      unset,
      z
        .string()
        .transform((value, context) => {
          const origins = value
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean)
            .map((item) => {
              try {
                const parsed = new URL(item);
                return ["http:", "https:"].includes(parsed.protocol) ? parsed.origin : null;
              } catch {
                return null;
              }
            });
          if (origins.some((origin) => origin === null))
            context.addIssue({
              code: "custom",
              message: "must be origins separated by commas (e.g. http://127.0.0.1:4010)",
            });
          return origins.filter((origin): origin is string => origin !== null);
        })
        .optional(),
    )
    .transform((value) => value ?? []),

  // Google Wallet (docs/wallet.md): the three of the issuer set together turn it on; without
  // them the wallet shows no "Add to Google Wallet" button and nothing is queued.
  /** The issuer id of Google's Pay & Wallet Console (digits). */
  GOOGLE_WALLET_ISSUER_ID: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine(isIssuerId, "must be the issuer id of the Google Pay & Wallet Console (digits)")
      .optional(),
  ),
  /** The service account that signs the save links and calls the API: the JSON key's "client_email". */
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine(isServiceAccountEmail, "must be the service account's address (the JSON key's \"client_email\")")
      .optional(),
  ),
  /** The service account's RSA private key (the JSON key's "private_key", PEM; "\n" escapes allowed); a secret. */
  GOOGLE_WALLET_PRIVATE_KEY: z.preprocess(
    unset,
    z
      .string()
      .refine(
        (value) => rsaPrivateKeyOf(value) !== null,
        'must be the PEM RSA private key of the service account\'s JSON key ("private_key")',
      )
      .transform(normalisePrivateKeyPem)
      .optional(),
  ),
  /** Where the Google Wallet REST API is (tests point it at a stand-in on loopback). */
  GOOGLE_WALLET_API_URL: withDefault(
    url(["https:", "http:"], "https://walletobjects.googleapis.com/walletobjects/v1"),
    "https://walletobjects.googleapis.com/walletobjects/v1",
  ),
  /** Google's OAuth token endpoint, where the service account trades its signed assertion for an access token. */
  GOOGLE_WALLET_TOKEN_URL: withDefault(
    url(["https:", "http:"], "https://oauth2.googleapis.com/token"),
    "https://oauth2.googleapis.com/token",
  ),

  // Apple Wallet (docs/wallet.md): all of the seven below set together turn it on; without
  // them the wallet shows no "Add to Apple Wallet" button and nothing is queued.
  /** The Pass Type ID registered in the Apple Developer account ("pass.com.example.loyalty"). */
  APPLE_PASS_TYPE_ID: z.preprocess(
    unset,
    z.string().trim().refine(isPassTypeId, 'must be a Pass Type ID ("pass." and a reverse-DNS name)').optional(),
  ),
  /** The Team ID of the Apple Developer account (ten capital letters and digits). */
  APPLE_TEAM_ID: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine(isAppleId10, "must be the ten-character Team ID of the Apple Developer account")
      .optional(),
  ),
  /** The Pass Type ID certificate that signs passes, PEM ("\n" escapes allowed). */
  APPLE_PASS_CERTIFICATE: z.preprocess(
    unset,
    z
      .string()
      .refine((value) => certificateOf(value) !== null, "must be the Pass Type ID certificate in PEM")
      .transform(normalisePem)
      .optional(),
  ),
  /** That certificate's private key, PEM; a secret. */
  APPLE_PASS_PRIVATE_KEY: z.preprocess(
    unset,
    z
      .string()
      .refine(isPrivateKeyPem, "must be the private key of the Pass Type ID certificate in PEM")
      .transform(normalisePem)
      .optional(),
  ),
  /** The private key's passphrase, when it is encrypted; a secret. */
  APPLE_PASS_PRIVATE_KEY_PASSPHRASE: text(),
  /** Apple's WWDR intermediate certificate (G4), PEM: passes carry it with their signature. */
  APPLE_WWDR_CERTIFICATE: z.preprocess(
    unset,
    z
      .string()
      .refine((value) => certificateOf(value) !== null, "must be Apple's WWDR certificate in PEM")
      .transform(normalisePem)
      .optional(),
  ),
  /** The id of the APNs auth key that tells devices a pass changed (ten characters). */
  APPLE_APNS_KEY_ID: z.preprocess(
    unset,
    z.string().trim().refine(isAppleId10, "must be the ten-character Key ID of the APNs auth key").optional(),
  ),
  /** The APNs auth key (the .p8 file), PEM; a secret. */
  APPLE_APNS_PRIVATE_KEY: z.preprocess(
    unset,
    z
      .string()
      .refine((value) => apnsKeyOf(value) !== null, "must be the APNs auth key (the .p8 file, an EC P-256 key in PEM)")
      .transform(normalisePem)
      .optional(),
  ),
  /** Where APNs is (tests point it at an HTTP/2 stand-in on loopback). */
  APPLE_APNS_URL: withDefault(url(["https:", "http:"], "https://api.push.apple.com"), "https://api.push.apple.com"),

  // Background jobs (docs/jobs.md): a queue in the app's database.
  /** "in-process" (default): the app server also works the queue; "off": only `npm run worker` processes do. */
  JOB_WORKER: withDefault(
    z.preprocess(unset, z.enum(["in-process", "off"], { error: 'must be "in-process" or "off"' }).optional()),
    "in-process",
  ),
  /** How often an idle worker looks for new jobs, in seconds. */
  JOB_POLL_SECONDS: withDefault(wholeNumber(1, 60), 2),
  /** How often a worker expires lost jobs and runs retention, in seconds. */
  JOB_MAINTENANCE_SECONDS: withDefault(wholeNumber(1, 3600), 60),
  /** Connections of the queue's own pool, per process. */
  JOB_POOL_MAX: withDefault(wholeNumber(1), 3),

  // Secure tags' key-encryption key (docs/secure-tags.md): parsed into its 32 bytes.
  TAG_KEY_ENCRYPTION_KEY: z.preprocess(
    unset,
    z
      .string()
      .transform((value, context) => {
        const key = parseKek(value);
        if (!key) context.addIssue({ code: "custom", message: "must be 32 bytes, written as 64 hex digits or base64" });
        return key ?? Buffer.alloc(0);
      })
      .optional(),
  ),

  // Accounts and taps.
  REGISTRATION_LIMIT_PER_HOUR: withDefault(wholeNumber(0), 20),
  // Guest cards started from a tag, per client address (docs/authentication.md, "Guests"); 0 turns each off.
  GUEST_CARD_LIMIT_PER_HOUR: withDefault(wholeNumber(0), 100),
  GUEST_CARD_LIMIT_PER_DAY: withDefault(wholeNumber(0), 300),
  /** Emailed sign-in links per address (email) and hour; 0 turns the limit off. */
  EMAIL_LINK_LIMIT_PER_EMAIL: withDefault(wholeNumber(0), 5),
  /** Emailed sign-in links per client address and hour, all emails together; 0 turns the limit off. */
  EMAIL_LINK_LIMIT_PER_IP: withDefault(wholeNumber(0), 30),
  REQUIRE_EMAIL_VERIFICATION: flag(),
  /** Lets requests move the server's clock (lib/clock.ts): end-to-end tests only. */
  LOYALTAP_TEST_CLOCK: flag(),

  // Read by server/*.mjs and scripts/*.mjs (see above).
  PORT: wholeNumber(0, 65_535),
  HOST: text(),
  TRUST_PROXY_HOPS: wholeNumber(0),
  LOG_LEVEL: z.preprocess(
    unset,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be fatal, error, warn, info, debug, trace or silent",
      })
      .optional(),
  ),
  LOG_FILE: text(),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(1),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1),
  REDIS_URL: url(["redis:", "rediss:"], "redis://127.0.0.1:6379"),
  REDIS_KEY_PREFIX: text(),
  /** Set by npm start: the database whose cached pages this server keeps (server/cache-location.mjs). */
  LOYALTAP_CACHE_SCOPE: z.preprocess(
    unset,
    z
      .string()
      .regex(/^[a-z0-9]{1,64}$/, "must be 1-64 lowercase letters or digits")
      .optional(),
  ),
  SEED_DEMO: z.preprocess(
    unset,
    z.enum(["0", "1"], { error: 'must be "1" (seed an empty database) or "0" (never seed)' }).optional(),
  ),
  NEXT_DIST_DIR: text(),
};

export type EnvName = keyof typeof envSchema;
export type Env = { readonly [Name in EnvName]: z.output<(typeof envSchema)[Name]> };
type Source = Record<string, string | undefined>;

/** Configuration that cannot be used; `problems` holds one line per variable. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

const names = Object.keys(envSchema) as EnvName[];

/**
 * The VAPID keys work as a pair: one without the other, or a public key that
 * is not the private key's, would only show up as every push refused.
 */
export function vapidProblems(publicKey: string | undefined, privateKey: string | undefined): string[] {
  if (!publicKey && !privateKey) return [];
  if (!publicKey || !privateKey)
    return ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (web push is off without both)"];
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    if (ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"))) return [];
    return ["VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (generate them together)"];
  } catch {
    return ["VAPID_PRIVATE_KEY is not a valid P-256 private key"];
  }
}

const GOOGLE_WALLET_ISSUER = [
  "GOOGLE_WALLET_ISSUER_ID",
  "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL",
  "GOOGLE_WALLET_PRIVATE_KEY",
] as const;

/**
 * Google Wallet is on with all three of the issuer's settings and off with
 * none: some without the others would only show up as every save link and
 * every update refused by Google.
 */
export function googleWalletProblems(
  values: Partial<Record<(typeof GOOGLE_WALLET_ISSUER)[number], unknown>>,
): string[] {
  const set = GOOGLE_WALLET_ISSUER.filter((name) => values[name] !== undefined);
  if (set.length === 0 || set.length === GOOGLE_WALLET_ISSUER.length) return [];
  const missing = GOOGLE_WALLET_ISSUER.filter((name) => values[name] === undefined);
  return [
    `${missing.join(" and ")} must be set too: Google Wallet needs all of ${GOOGLE_WALLET_ISSUER.join(", ")} (or none)`,
  ];
}

/**
 * The site's public origin (SITE_URL, else AUTH_URL, as lib/site.ts reads them)
 * is the passkeys' relying party (docs/authentication.md, "Passkeys"): a
 * passkey saved under one origin never works under another, so a value that
 * cannot serve WebAuthn is refused at start rather than at the first passkey.
 */
export function siteOriginProblems(values: { SITE_URL?: unknown; AUTH_URL?: unknown }): string[] {
  const name = values.SITE_URL !== undefined ? "SITE_URL" : values.AUTH_URL !== undefined ? "AUTH_URL" : null;
  if (!name) return [];
  const problem = relyingPartyProblem(String(values[name]));
  return problem ? [`${name} ${problem}`] : [];
}

function parseVariable<Name extends EnvName>(
  name: Name,
  raw: string | undefined,
): { value?: Env[Name]; problem?: string } {
  const result = envSchema[name].safeParse(raw);
  if (result.success) return { value: result.data as Env[Name] };
  return { problem: `${name} ${firstIssue(result.error, "is not valid")}` };
}

/**
 * Every variable of `source` checked at once, with the rules of a public
 * deployment; throws an EnvError listing every problem.
 */
export function parseEnv(source: Source = process.env): Env {
  const parsed: Partial<Record<EnvName, unknown>> = {};
  const problems: string[] = [];
  for (const name of names) {
    const { value, problem } = parseVariable(name, source[name]);
    if (problem) problems.push(problem);
    else parsed[name] = value;
  }
  if (!problems.some((problem) => problem.startsWith("VAPID_")))
    problems.push(
      ...vapidProblems(parsed.VAPID_PUBLIC_KEY as string | undefined, parsed.VAPID_PRIVATE_KEY as string | undefined),
    );
  if (!problems.some((problem) => problem.startsWith("GOOGLE_WALLET_"))) problems.push(...googleWalletProblems(parsed));
  if (!problems.some((problem) => problem.startsWith("APPLE_"))) problems.push(...appleWalletProblems(parsed));
  if (!problems.some((problem) => /^(SITE_URL|AUTH_URL) /.test(problem))) problems.push(...siteOriginProblems(parsed));
  problems.push(...productionProblems(source));
  if (problems.length) throw new EnvError(problems);
  return parsed as Env;
}

/** The start-up check (instrumentation.ts): throws with every problem of this process's environment. */
export function validateEnv(): void {
  parseEnv(process.env);
}

// Next.js writes the build-time values of next.config.ts `env` in place of a
// spelled-out `process.env.NAME`; a computed `process.env[name]` would miss them.
function read(name: EnvName): string | undefined {
  if (name === "LOYALTAP_MIGRATIONS") return process.env.LOYALTAP_MIGRATIONS;
  return process.env[name];
}

// The last value parsed per variable: a read parses again only when the raw
// text changed (a parse costs microseconds; the tap path reads a few flags).
const lastParsed = new Map<EnvName, { raw: string | undefined; value: unknown }>();

/** This process's configuration, one variable parsed per read; a malformed one throws an EnvError naming it. */
export const env: Env = Object.defineProperties(
  {} as Env,
  Object.fromEntries(
    names.map((name) => [
      name,
      {
        enumerable: true,
        get() {
          const raw = read(name);
          const last = lastParsed.get(name);
          if (last && last.raw === raw) return last.value;
          const { value, problem } = parseVariable(name, raw);
          if (problem) throw new EnvError([problem]);
          lastParsed.set(name, { raw, value });
          return value;
        },
      },
    ]),
  ),
);

/** NODE_ENV=production on an https site URL: the rules of server/production-checks.mjs apply. */
export function publicProduction(): boolean {
  return isPublicProduction(process.env);
}
