import "server-only";
import { publicProduction } from "@/lib/env";
import { mailEnv } from "@/lib/mail/env";
import { pushEnv } from "@/lib/push/env";

export type PushConfig = { publicKey: string; privateKey: string; subject: string };

/** The address of MAIL_FROM ("Loyaltap <no-reply@x>" → "no-reply@x"). */
function mailFromAddress(): string {
  const from = mailEnv.MAIL_FROM;
  return (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
}

/**
 * Web push's VAPID settings, or null when push is off (VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY unset): then the wallet offers no opt-in, the subscribe
 * action refuses, and the push jobs finish without sending.
 */
export function pushConfig(): PushConfig | null {
  const publicKey = pushEnv.VAPID_PUBLIC_KEY;
  const privateKey = pushEnv.VAPID_PRIVATE_KEY;
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: pushEnv.VAPID_SUBJECT ?? `mailto:${mailFromAddress()}` };
}

/**
 * Origins the tests' stand-in push service listens on (LOYALTAP_TEST_PUSH_ORIGINS,
 * loopback only): accepted as endpoints and posted to. Always none in a public
 * deployment, where the start-up check refuses the setting as well.
 */
export function testPushOrigins(): readonly string[] {
  return publicProduction() ? [] : pushEnv.LOYALTAP_TEST_PUSH_ORIGINS;
}
