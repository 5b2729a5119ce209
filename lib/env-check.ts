import "server-only";
import { authSettings } from "@/lib/auth/env";
import { businessSettings } from "@/lib/business/env";
import { dbSettings } from "@/lib/db/env";
import {
  coreSettings,
  EnvError,
  parseSettings,
  type Settings,
  type SettingsSchema,
  type SettingsValues,
} from "@/lib/env";
import { jobsSettings } from "@/lib/jobs/env";
import { mailSettings } from "@/lib/mail/env";
import { nfcSettings } from "@/lib/nfc/env";
import { pushSettings } from "@/lib/push/env";
import { appleWalletSettings } from "@/lib/wallet/apple/env";
import { googleWalletSettings } from "@/lib/wallet/google/env";
import { webhookSettings } from "@/lib/webhooks/env";

// The start-up check: every feature's settings, checked together. A feature
// with a setting of its own adds its `settings.ts` here, and nowhere else.

export { EnvError };

export const allSettings = [
  coreSettings,
  dbSettings,
  authSettings,
  businessSettings,
  mailSettings,
  pushSettings,
  googleWalletSettings,
  appleWalletSettings,
  jobsSettings,
  nfcSettings,
  webhookSettings,
] as const;

type Union<T> = (T extends unknown ? (value: T) => void : never) extends (value: infer I) => void ? I : never;
type SchemaOf<S> = S extends Settings<infer Schema extends SettingsSchema> ? Schema : never;
/** Every variable Loyaltap reads, with its parsed form. */
export type Env = SettingsValues<Union<SchemaOf<(typeof allSettings)[number]>>>;

/**
 * Every variable of `source` checked at once, with each feature's rules and
 * those of a public deployment; throws an EnvError listing every problem.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  return parseSettings(allSettings, source) as Env;
}

/** The start-up check (instrumentation.ts): throws with every problem of this process's environment. */
export function validateEnv(): void {
  parseEnv(process.env);
}
