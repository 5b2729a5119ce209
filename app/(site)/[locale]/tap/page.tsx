import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { SessionMark } from "@/components/auth/session-sync";
import { ClientMessages } from "@/components/i18n/client-messages";
import { RedirectOverlay } from "@/components/tap/redirect-overlay";
import { TapFrame } from "@/components/tap/tap-frame";
import { TapNoticePage } from "@/components/tap/tap-notice-page";
import { TapAnswer, TapRecorder } from "@/components/tap/tap-recorder";
import { liveTap } from "@/components/tap/tap-live";
import { TapStateView } from "@/components/tap/tap-view";
import { getCurrentUser } from "@/lib/auth/current-user";
import { loginPath, tapPath } from "@/lib/auth/sign-up-paths";
import type { AppUser } from "@/lib/db/users";
import { requestNow } from "@/lib/clock";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { pickSunParams, sunQueryOf, type SunParams, type SunRejection } from "@/lib/nfc/verify-tap";
import { asksBirthday } from "@/lib/tap/programs";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { idempotencyKeySchema, storedAnswer } from "@/lib/tap/idempotency";
import type { TapErrorBody, TapVisitBody } from "@/lib/tap/record";
import { loadTapState, loadVerifiedTapState, type TapState } from "@/lib/tap/state";
import { firstIssue } from "@/lib/validation/errors";
import { NO_TAG_ID, tapRequestSchema } from "@/lib/validation/tap";
import { translateAnswer } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** What the recorder and its results read: their own words and the engine's lines. */
// What the recorder reads: its own words, the result's, and the engine's lines (the HTML
// carries these, so only these: not the rest of the tap namespace).
// The birthday question reads its bad-date message from settings.validation.
// The wallets' buttons under a recorded visit read their own words.
const CLIENT_NAMESPACES = [
  "tap.recorder",
  "tap.result",
  "programs",
  "settings.validation",
  "appleWallet.button",
  "googleWallet.button",
  // Closed for the season: the recorder's answer says so (docs/business-lifecycle.md).
  "lifecycle.closed",
] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tap");
  return { title: t("title"), robots: { index: false } };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// The tag landing, rendered on the server. A visitor's plain /tap?id= is rewritten (next.config.ts) to the
// cached app/tap/visitor/[id] page; this one serves signed-in people (and
// links with extra parameters, such as a secure tag's SUN message, which is
// verified before anything else), and records their visit. It is in the
// request's language: a signed-in person's own setting (docs/i18n.md).
export default async function TapPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const rawLocale = await getLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : "en";
  const t = await getTranslations("tap");
  const notice = { title: t("notice.title"), ok: t("notice.ok") };
  const rawId = first(params.id);
  const parsed = tapRequestSchema.safeParse({ id: rawId ?? "" });
  const user = await getCurrentUser();
  const account = await headerAccount(user, parsed.success ? parsed.data.id : null);
  if (!parsed.success) {
    // The schema's message (tap.invalid.*), in the page's language.
    const message = firstIssue(parsed.error, NO_TAG_ID).key === NO_TAG_ID ? t("invalid.noTagId") : t("invalid.tagId");
    return (
      <TapNoticePage
        message={message}
        tagId={rawId?.slice(0, 64) || null}
        lang={locale}
        text={notice}
        account={account}
      />
    );
  }
  const tagId = parsed.data.id;
  const sun = pickSunParams(params);
  // A visit already recorded under this key (/tap/start's answer): shown, never recorded again.
  const recorded = user ? await recordedVisit(user, tagId, first(params.visit), locale) : null;
  if (recorded) {
    return (
      <ClientMessages locale={locale} namespaces={CLIENT_NAMESPACES}>
        <TapFrame lang={locale} account={account}>
          {recorded}
        </TapFrame>
      </ClientMessages>
    );
  }
  // A failure to load throws to app/tap/error.tsx, which Next logs with the
  // reference the error screen shows (docs/errors.md).
  const result = await loadVerifiedTapState(tagId, user, sun, requestNow(await headers()));
  if (!result.ok) {
    // The render writes nothing. A signed-in customer came to record a visit:
    // their browser makes that attempt, which the server refuses again and
    // counts in the owner's log of rejected taps.
    return (
      <ClientMessages locale={locale} namespaces={CLIENT_NAMESPACES}>
        <TapNoticePage
          message={rejectionText(result.rejection, t)}
          tagId={tagId}
          lang={locale}
          text={notice}
          account={account}
        >
          {user ? <TapRecorder tagId={tagId} sun={sun} attemptOnly /> : null}
        </TapNoticePage>
      </ClientMessages>
    );
  }
  return (
    <ClientMessages locale={locale} namespaces={CLIENT_NAMESPACES}>
      <TapFrame lang={locale} account={account}>
        {renderWithFlags(result.state, user, sun, locale, t)}
      </TapFrame>
    </ClientMessages>
  );
}

/**
 * The header's right side: the way to the dashboard for someone signed in (also after
 * the daily-limit overlay), else "Log in" back to this tag. Signed in, the browser also
 * records it for the headers of the cached pages (SessionMark).
 */
async function headerAccount(user: AppUser | null, tagId: string | null) {
  const nav = await getTranslations("common.nav");
  if (!user) {
    return (
      <Link href={loginPath(tagId ? tapPath(tagId) : null)} className="hover:underline" prefetch={false}>
        {nav("logIn")}
      </Link>
    );
  }
  return (
    <>
      <Link href="/dashboard" className="hover:underline">
        {nav("dashboard")}
      </Link>
      <SessionMark userId={user.id} />
    </>
  );
}

type TapTranslator = (key: string) => string;

function rejectionText(rejection: SunRejection, t: TapTranslator): string {
  return rejection.code === "tap_replayed" ? t("result.codes.tap_replayed") : t("notice.notVerified");
}

function renderWithFlags(state: TapState, user: AppUser | null, sun: SunParams, locale: Locale, t: TapTranslator) {
  const signedIn = Boolean(user);
  const id = encodeURIComponent(state.tagId);
  // Redirect flags come first.
  if (state.kind !== "business" && state.redirectToClaim) {
    return <RedirectOverlay to={`/dashboard/tag/claim/${id}?tagId=${id}`} message={t("redirect.claim")} />;
  }
  if (state.kind === "business" && state.redirectToDashboard) {
    return <RedirectOverlay to="/dashboard" message={t("redirect.dashboard")} />;
  }
  // Only a secure tag's (verified) SUN parameters are passed on; an ordinary tag's link stays as it was.
  const secureSun = state.kind === "business" && state.secure ? sun : undefined;
  // The wallets' buttons follow a recorded visit, each only when its wallet is configured.
  const recorder =
    user && state.kind === "business" ? (
      <TapRecorder
        tagId={state.tagId}
        sun={secureSun}
        askBirthday={asksBirthday(user, state.programs)}
        wallets={{
          businessId: state.business.id,
          businessName: state.business.name,
          apple: appleWalletConfig() !== null,
          google: googleWalletConfig() !== null,
        }}
      />
    ) : undefined;
  return (
    <TapStateView
      state={state}
      signedIn={signedIn}
      locale={locale}
      live={recorder ? liveTap(recorder) : undefined}
      sunQuery={secureSun ? sunQueryOf(secureSun) : undefined}
      sun={secureSun}
    />
  );
}

/**
 * /tap?id=<id>&visit=<key>: the answer stored for this user's key (a visit
 * "Start my card" recorded) over the tag's page, or null when there is none
 * (another person's key, older than 24 hours): the page then goes on as usual.
 * A secure tag's link was verified by that visit: the page is not checked again.
 */
async function recordedVisit(user: AppUser, tagId: string, rawKey: string | undefined, locale: Locale) {
  const key = idempotencyKeySchema.safeParse(rawKey);
  if (!key.success) return null;
  const now = requestNow(await headers());
  const stored = await storedAnswer(user.id, key.data, now);
  if (!stored) return null;
  const state = await loadTapState(tagId, user, now);
  if (state.kind !== "business") return null;
  // The stored answer's messages, in this page's language (the recorder's action would translate them).
  const response = translateAnswer(await getKeyTranslator(), stored.body as TapVisitBody | TapErrorBody);
  const wallets = {
    businessId: state.business.id,
    businessName: state.business.name,
    apple: appleWalletConfig() !== null,
    google: googleWalletConfig() !== null,
  };
  return (
    <TapStateView
      state={state}
      signedIn
      locale={locale}
      live={liveTap(<TapAnswer response={response} visitKey={key.data} wallets={wallets} />)}
    />
  );
}
