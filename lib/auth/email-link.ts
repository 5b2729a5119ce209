import "server-only";
import { mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import {
  findAccountByEmail,
  findEmailSignInToken,
  spendEmailSignInToken,
  storeEmailSignInToken,
} from "@/lib/db/email-sign-in";
import type { AppUser } from "@/lib/db/users";
import { authEnv } from "@/lib/auth/env";
import { storedLocale, type Locale } from "@/lib/i18n/locales";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { accountCreated } from "@/lib/jobs/events";
import { mailer } from "@/lib/mail";
import { emailSignInMail } from "@/lib/mail/templates";
import { retryAfterSeconds, takeRateLimits, type Bucket } from "@/lib/rate-limit";
import { siteUrl } from "@/lib/site";

// Signing in with an emailed link (docs/authentication.md, "Signing in with an
// emailed link"): no password. Asking for a link answers the same whether or
// not the address has an account; the link works once, for 15 minutes, and
// opening it only shows a page: a POST from that page spends it, so a mail
// scanner that fetches the link signs nobody in.

/** How long a mailed sign-in link works. */
export const EMAIL_LINK_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Where a link without a (valid) redirect leads. */
export const EMAIL_LINK_DEFAULT_REDIRECT = "/dashboard";

export type EmailLinkRequest = { email: string; redirect?: string | null };
export type EmailLinkContext = {
  /** The client address (lib/auth/client-ip.ts); null without our HTTP server (next dev). */
  ip: string | null;
  /** The reader's language, for an address without an account (an account's own setting wins). */
  locale: Locale;
};
export type EmailLinkRequestResult = { ok: true } | { ok: false; code: "too_many_requests"; retryAfter: number };

/** The token's form: anything else matches no stored link. */
export function isEmailLinkToken(value: unknown): value is string {
  return typeof value === "string" && value.length >= 10 && value.length <= 200;
}

function limitBuckets(email: string, ip: string | null): Bucket[] {
  const buckets: Bucket[] = [];
  // EMAIL_LINK_LIMIT_PER_EMAIL: mails to one address per hour, from anywhere (an inbox is not flooded).
  if (authEnv.EMAIL_LINK_LIMIT_PER_EMAIL > 0)
    buckets.push({ key: `email-link:email:${email}`, limit: authEnv.EMAIL_LINK_LIMIT_PER_EMAIL, windowMs: HOUR_MS });
  // EMAIL_LINK_LIMIT_PER_IP: mails asked for from one client address per hour, to any address.
  if (ip && authEnv.EMAIL_LINK_LIMIT_PER_IP > 0)
    buckets.push({ key: `email-link:ip:${ip}`, limit: authEnv.EMAIL_LINK_LIMIT_PER_IP, windowMs: HOUR_MS });
  return buckets;
}

/**
 * Mails a one-time sign-in link to `email`, under the per-address and
 * per-email limits (taken atomically before anything else, all or none). The
 * answer is the same for an address with an account, one without and a
 * disabled account (which is mailed nothing): only the limits can refuse. The
 * mail is in the account's language, else in `locale`. A new link voids the
 * address's older unused ones.
 */
export async function requestEmailLink(
  { email, redirect = null }: EmailLinkRequest,
  { ip, locale }: EmailLinkContext,
  now = new Date(),
): Promise<EmailLinkRequestResult> {
  const gate = await takeRateLimits(limitBuckets(email, ip), now);
  if (!gate.ok) return { ok: false, code: "too_many_requests", retryAfter: retryAfterSeconds(gate.resetAt, now) };
  const account = await findAccountByEmail(email);
  if (account?.disabledAt) return { ok: true };
  const { token, hash } = newOpaqueToken();
  await storeEmailSignInToken(
    {
      email,
      tokenHash: hash,
      redirect: safeRedirectPath(redirect),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    },
    now,
  );
  const link = `${siteUrl()}/auth/email-link?token=${encodeURIComponent(token)}`;
  const language = account ? storedLocale(account.language) : locale;
  try {
    await mailer().send({ to: email, ...(await emailSignInMail(language, link)) });
  } catch (error) {
    // Logged without the link; the answer stays the same (the person can ask again).
    console.error("Could not send the sign-in link mail:", error instanceof Error ? error.message : "unknown error");
  }
  return { ok: true };
}

export type EmailLinkState = "usable" | "spent" | "unknown";

/** Whether a link can still sign in ("spent": used or expired); reads only, spends nothing. */
export async function emailLinkState(token: string, now = new Date()): Promise<EmailLinkState> {
  if (!isEmailLinkToken(token)) return "unknown";
  const row = await findEmailSignInToken(hashToken(token));
  if (!row) return "unknown";
  return row.usedAt === null && row.expiresAt > now ? "usable" : "spent";
}

/**
 * "Send a new link" from a used or expired link's page: a new link to the same
 * address with the same redirect, under the same limits as asking for one.
 * null for a token that matches no link.
 */
export async function resendEmailLink(
  token: string,
  context: EmailLinkContext,
  now = new Date(),
): Promise<EmailLinkRequestResult | null> {
  if (!isEmailLinkToken(token)) return null;
  const row = await findEmailSignInToken(hashToken(token));
  if (!row) return null;
  return requestEmailLink({ email: row.email, redirect: row.redirect }, context, now);
}

type CookieStore = Parameters<typeof setSignInCookies>[0];

export type EmailLinkSignIn =
  | { ok: true; user: AppUser; redirectTo: string; created: boolean }
  | { ok: false; reason: "invalid" | "disabled" | "merge_failed" };

/**
 * The one completion of an emailed-link sign-in: spends the link (once, before
 * it expires), finds or creates the address's account (a new one in
 * `language`, the page's), sets the session and language cookies on `cookies`
 * and names where to go: the link's redirect when it is a same-origin path,
 * else the dashboard. "disabled": the account is disabled; nothing is set.
 * A guest card this browser holds (`requestHeaders`' session) is merged into
 * the account first, as every sign-in does (lib/auth/merge-guest.ts);
 * "merge_failed": it could not be, so the browser keeps the guest's session
 * (the spent link is gone: the page offers a new one).
 */
export async function completeEmailLinkSignIn(
  token: string,
  { language, cookies, requestHeaders }: { language: Locale; cookies: CookieStore; requestHeaders: Headers },
  now = new Date(),
): Promise<EmailLinkSignIn> {
  if (!isEmailLinkToken(token)) return { ok: false, reason: "invalid" };
  // The welcome mail exists once the account does, as for every other sign-up: its job is
  // queued in the transaction that creates it (the queue starts before that transaction).
  await jobQueueReady();
  const spent = await spendEmailSignInToken(hashToken(token), language, now, (tx, id) => accountCreated(tx, id));
  if (!spent.ok) return spent;
  if (!(await mergeGuestBeforeSignIn(requestHeaders, spent.user.id))) return { ok: false, reason: "merge_failed" };
  await setSignInCookies(cookies, spent.user);
  return {
    ok: true,
    user: spent.user,
    redirectTo: safeRedirectPath(spent.redirect) ?? EMAIL_LINK_DEFAULT_REDIRECT,
    created: spent.created,
  };
}
