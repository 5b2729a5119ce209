import type { Metadata } from "next";
import { headers } from "next/headers";
import { RedirectOverlay } from "@/components/tap/redirect-overlay";
import { TapFrame } from "@/components/tap/tap-frame";
import { TapNoticePage } from "@/components/tap/tap-notice-page";
import { TapRecorder } from "@/components/tap/tap-recorder";
import { TapStateView } from "@/components/tap/tap-view";
import { getCurrentUser } from "@/lib/auth/current-user";
import { requestNow } from "@/lib/clock";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { pickSunParams, sunQueryOf, type SunParams } from "@/lib/nfc/verify-tap";
import { loadVerifiedTapState, type TapState } from "@/lib/tap/state";
import { firstIssue } from "@/lib/validation/errors";
import { NO_TAG_ID, tapRequestSchema } from "@/lib/validation/tap";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: "Tap", robots: { index: false } };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// The tag landing, rendered on the server. A visitor's plain /tap?id= is rewritten (next.config.ts) to the
// cached app/tap/visitor/[id] page; this one serves signed-in people (and
// links with extra parameters, such as a secure tag's SUN message, which is
// verified before anything else), and records their visit.
export default async function TapPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const rawId = first(params.id);
  const parsed = tapRequestSchema.safeParse({ id: rawId ?? "" });
  if (!parsed.success) {
    return <TapNoticePage message={firstIssue(parsed.error, NO_TAG_ID)} tagId={rawId?.slice(0, 64) || null} />;
  }
  const tagId = parsed.data.id;
  const user = await getCurrentUser();
  const sun = pickSunParams(params);
  // A failure to load throws to app/tap/error.tsx, which Next logs with the
  // reference the error screen shows (docs/errors.md).
  const result = await loadVerifiedTapState(tagId, user, sun, requestNow(await headers()));
  if (!result.ok) {
    // The render writes nothing. A signed-in customer came to record a visit:
    // their browser makes that attempt, which the server refuses again and
    // counts in the owner's log of rejected taps.
    return (
      <TapNoticePage message={result.rejection.message} tagId={tagId}>
        {user ? <TapRecorder tagId={tagId} sun={sun} attemptOnly /> : null}
      </TapNoticePage>
    );
  }
  return <TapFrame>{renderWithFlags(result.state, Boolean(user), sun)}</TapFrame>;
}

function renderWithFlags(state: TapState, signedIn: boolean, sun: SunParams) {
  const id = encodeURIComponent(state.tagId);
  // Redirect flags come first.
  if (state.kind !== "business" && state.redirectToClaim) {
    return (
      <RedirectOverlay
        to={`/dashboard/tag/claim/${id}?tagId=${id}`}
        message="This tag is free: let's claim it for your business…"
      />
    );
  }
  if (state.kind === "business" && state.redirectToDashboard) {
    return <RedirectOverlay to="/dashboard" message="This tag belongs to your business. Opening your dashboard…" />;
  }
  // Only a secure tag's (verified) SUN parameters are passed on; an ordinary tag's link stays as it was.
  const secureSun = state.kind === "business" && state.secure ? sun : undefined;
  const recorder =
    signedIn && state.kind === "business" ? <TapRecorder tagId={state.tagId} sun={secureSun} /> : undefined;
  return (
    <TapStateView
      state={state}
      signedIn={signedIn}
      // Signed-in people have no language setting yet: English.
      locale={DEFAULT_LOCALE}
      recorder={recorder}
      sunQuery={secureSun ? sunQueryOf(secureSun) : undefined}
    />
  );
}
