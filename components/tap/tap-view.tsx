import Link from "next/link";
import type { ReactNode } from "react";
import { BusinessCard } from "@/components/business/business-card";
import { ClaimTagButton } from "@/components/tap/claim-tag-button";
import { ProgramList } from "@/components/tap/program-list";
import { TapCard } from "@/components/tap/tap-card";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TapState } from "@/lib/tap/state";

/**
 * The tag landing's states after the redirect flags. Shared by the
 * signed-in page and the cached visitor page; `recorder` is the signed-in
 * client island that records the visit.
 */
export function TapStateView({
  state,
  signedIn,
  recorder,
  sunQuery,
}: {
  state: TapState;
  signedIn: boolean;
  recorder?: ReactNode;
  /** A secure tag's verified SUN parameters: kept in the way back after signing up or in, where the visit is recorded. */
  sunQuery?: string;
}) {
  if (state.kind === "available") {
    return (
      <TapCard title="Tag Available">
        <p>This tag exists but is available for claiming.</p>
        <ClaimTagButton tagId={state.tagId} signedIn={signedIn} />
      </TapCard>
    );
  }
  if (state.kind === "not_found" && state.withdrawn) {
    return (
      <TapCard title="Tag Not Found">
        <p>This business is not available right now.</p>
      </TapCard>
    );
  }
  if (state.kind === "not_found") {
    return (
      <TapCard title="Tag Not Found">
        <p>This tag is available for claiming.</p>
        <ClaimTagButton tagId={state.tagId} signedIn={signedIn} />
      </TapCard>
    );
  }
  const id = encodeURIComponent(state.tagId);
  const tapUrl = `/tap?id=${id}${sunQuery ? `&${sunQuery}` : ""}`;
  return (
    <div className="space-y-6">
      <p className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Tag <span className="font-mono">{state.tagId}</span>
      </p>
      {recorder}
      <BusinessCard business={state.business} headingLevel={1} />
      {signedIn ? null : (
        <Card as="section" className="space-y-2 p-4 text-center">
          <Link
            href={`/register?tap_id=${id}&redirect=${encodeURIComponent(tapUrl)}`}
            className={buttonClass("primary", "w-full")}
            prefetch={false}
          >
            Link me
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-300">Register to start earning rewards</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Already have an account?{" "}
            <Link href={`/login?redirect=${encodeURIComponent(tapUrl)}`} prefetch={false} className="underline">
              Log in
            </Link>
          </p>
        </Card>
      )}
      <ProgramList
        programs={state.programs}
        progress={state.progress}
        theme={state.business.theme}
        emptyText={signedIn ? "No active programs available" : null}
      />
    </div>
  );
}
