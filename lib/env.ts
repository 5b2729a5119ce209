import "server-only";
import { z } from "zod";
import { isPublicProduction, productionProblems } from "@/server/production-checks.mjs";

// How Loyaltap reads its configuration, and the settings that belong to no
// feature (the process, the server, the logs, the cache). Each feature owns
// its own variables and their rules in its `settings.ts` (lib/db, lib/auth,
// lib/mail, lib/push, lib/jobs, lib/nfc, lib/business, lib/wallet/google,
// lib/wallet/apple), built with `defineSettings` below; lib/settings.ts
// composes them all for the start-up check. So this file imports no domain
// code (a lint rule keeps it so), and a new setting touches its feature only.
//
// - An empty value counts as unset (`FOO=` in a .env file, `FOO: ""` in a test).
// - A malformed value is an error naming the variable and what it must be; the
//   value itself is never repeated (several of them are secrets).
// - What a public deployment must set on top of this (SMTP_URL, AUTH_SECRET,
//   TAG_KEY_ENCRYPTION_KEY, no test clock) is decided in one place,
//   server/production-checks.mjs, because scripts/start.mjs and
//   server/index.mjs apply it in plain Node before the app is loaded; the
//   start-up check (lib/settings.ts) applies the same rules.
// - A reader (`env`, and each feature's) reads process.env.X on every access
//   (parsed again when its text changed), so tests can set a variable per test.
//
// Variables used only by plain-Node code that runs before or around the app
// (server/*.mjs, scripts/*.mjs: PORT, HOST, LOG_*, REDIS_*, TRUST_PROXY_HOPS,
// SEED_DEMO, …) are listed here too, so the start-up check covers them; that
// code reads them itself, since it cannot load TypeScript.

export const unset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export function text() {
  return z.preprocess(unset, z.string().optional());
}

export function withDefault<T>(schema: z.ZodType<T | undefined>, fallback: T) {
  return schema.transform((value) => value ?? fallback);
}

export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
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
export function flag() {
  return z
    .preprocess(unset, z.enum(["0", "1"], { error: 'must be "1" (on) or "0" (off)' }).optional())
    .transform((value) => value === "1");
}

export function url(protocols: readonly string[], example: string) {
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

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * A test-only list of stand-ins' origins, comma-separated: loopback only (a
 * stand-in on this machine, never a host elsewhere), http or https; unset, none.
 */
export function loopbackOrigins(example: string) {
  return z
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
                const loopback = ["http:", "https:"].includes(parsed.protocol) && LOOPBACK_HOSTS.has(parsed.hostname);
                return loopback ? parsed.origin : null;
              } catch {
                return null;
              }
            });
          if (origins.some((origin) => origin === null))
            context.addIssue({
              code: "custom",
              message: `must be loopback origins separated by commas (e.g. ${example})`,
            });
          return origins.filter((origin): origin is string => origin !== null);
        })
        .optional(),
    )
    .transform((value) => value ?? []);
}

export type SettingsSchema = Record<string, z.ZodType>;
export type SettingsValues<S extends SettingsSchema> = { readonly [Name in keyof S]: z.output<S[Name]> };

/** One feature's settings: its variables and, when some only work together, the rule that says so. */
export type Settings<S extends SettingsSchema = SettingsSchema> = {
  readonly schema: S;
  /**
   * Problems across variables ("all or none", a key that is not its pair's), one line each,
   * naming variables, never their values. Run with every variable parsed so far (a malformed
   * one absent), and only when the feature's own variables are each valid.
   */
  readonly check?: (values: Partial<Record<string, unknown>>) => string[];
};

export function defineSettings<S extends SettingsSchema>(settings: Settings<S>): Settings<S> {
  return settings;
}

/** Configuration that cannot be used; `problems` holds one line per variable. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseVariable(
  schema: SettingsSchema,
  name: string,
  raw: string | undefined,
): { value?: unknown; problem?: string } {
  const variable = schema[name];
  if (!variable) return { problem: `${name} is not a setting Loyaltap knows` };
  const result = variable.safeParse(raw);
  if (result.success) return { value: result.data };
  return { problem: `${name} ${result.error.issues[0]?.message ?? "is not valid"}` };
}

type Source = Record<string, string | undefined>;

/**
 * Every variable of `features` checked at once in `source`, then each feature's own rule
 * and those of a public deployment; throws an EnvError listing every problem.
 */
export function parseSettings(features: readonly Settings[], source: Source): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  const problems: string[] = [];
  const failed = new Set<string>();
  for (const { schema } of features)
    for (const name of Object.keys(schema)) {
      const { value, problem } = parseVariable(schema, name, source[name]);
      if (problem) {
        problems.push(problem);
        failed.add(name);
      } else parsed[name] = value;
    }
  for (const { schema, check } of features)
    if (check && !Object.keys(schema).some((name) => failed.has(name))) problems.push(...check(parsed));
  problems.push(...productionProblems(source));
  if (problems.length) throw new EnvError(problems);
  return parsed;
}

// Next.js writes the build-time values of next.config.ts `env` in place of a
// spelled-out `process.env.NAME`; a computed `process.env[name]` would miss them.
function read(name: string): string | undefined {
  if (name === "LOYALTAP_MIGRATIONS") return process.env.LOYALTAP_MIGRATIONS;
  return process.env[name];
}

/**
 * A feature's configuration for this process, one variable parsed per read; a malformed
 * one throws an EnvError naming it. The last value parsed per variable is kept: a read
 * parses again only when the raw text changed (the tap path reads a few flags).
 */
export function settingsReader<S extends SettingsSchema>({ schema }: Settings<S>): SettingsValues<S> {
  const lastParsed = new Map<string, { raw: string | undefined; value: unknown }>();
  return Object.defineProperties(
    {} as SettingsValues<S>,
    Object.fromEntries(
      Object.keys(schema).map((name) => [
        name,
        {
          enumerable: true,
          get() {
            const raw = read(name);
            const last = lastParsed.get(name);
            if (last && last.raw === raw) return last.value;
            const { value, problem } = parseVariable(schema, name, raw);
            if (problem) throw new EnvError([problem]);
            lastParsed.set(name, { raw, value });
            return value;
          },
        },
      ]),
    ),
  );
}

/** The settings of no feature in particular: the process, the server around the app, logs and the cache. */
export const coreSettings = defineSettings({
  schema: {
    NODE_ENV: withDefault(
      z.preprocess(
        unset,
        z
          .enum(["development", "production", "test"], { error: 'must be "development", "production" or "test"' })
          .optional(),
      ),
      "development",
    ),
    NEXT_PUBLIC_SITE_NAME: withDefault(text(), "Loyaltap"),
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
  },
});

/** This process's core configuration (features read theirs from their own settings.ts). */
export const env = settingsReader(coreSettings);

/** NODE_ENV=production on an https site URL: the rules of server/production-checks.mjs apply. */
export function publicProduction(): boolean {
  return isPublicProduction(process.env);
}
