import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BusinessCard } from "@/components/business/business-card";
import { businessCardText } from "@/components/business/business-card-text";
import { ClaimTagButton } from "@/components/tap/claim-tag-button";
import { ProgramList } from "@/components/tap/program-list";
import { StartCardForm } from "@/components/tap/start-card-form";
import { TapCard } from "@/components/tap/tap-card";
import { ClosedNotice } from "@/components/business-lifecycle/closed-notice";
import type { LiveTap } from "@/components/tap/tap-live";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Locale } from "@/lib/i18n/locales";
import type { SunParams } from "@/lib/nfc/verify-tap";
import type { TapState } from "@/lib/tap/state";

/**
 * The tag landing's states after the redirect flags. Shared by the
 * signed-in page and the cached visitor page; `live` is the signed-in page's
 * client island that records the visit, with the progress that follows it
 * (tap-live.tsx: given, never imported here, so the visitor's page ships none of
 * its code). Every text is in `locale`: the business's language for a visitor,
 * their own for a signed-in person.
 */
export async function TapStateView({
  state,
  signedIn,
  locale,
  live,
  sunQuery,
  sun,
}: {
  state: TapState;
  signedIn: boolean;
  locale: Locale;
  live?: LiveTap;
  /** A secure tag's verified SUN parameters: kept in the way back after signing up or in, where the visit is recorded. */
  sunQuery?: string;
  /** The same parameters for "Start my card", whose post verifies them. */
  sun?: SunParams;
}) {
  const t = await getTranslations({ locale, namespace: "tap" });
  const claimText = { button: t("claim.button"), noTagId: t("claim.noTagId"), failed: t("claim.failed") };
  if (state.kind === "available") {
    return (
      <TapCard title={t("available.title")}>
        <p>{t("available.text")}</p>
        <ClaimTagButton tagId={state.tagId} signedIn={signedIn} text={claimText} />
      </TapCard>
    );
  }
  if (state.kind === "not_found" && state.withdrawn) {
    return (
      <TapCard title={t("withdrawn.title")}>
        <p>{t("withdrawn.text")}</p>
      </TapCard>
    );
  }
  if (state.kind === "not_found") {
    return (
      <TapCard title={t("notFound.title")}>
        <p>{t("notFound.text")}</p>
        <ClaimTagButton tagId={state.tagId} signedIn={signedIn} text={claimText} />
      </TapCard>
    );
  }
  const id = encodeURIComponent(state.tagId);
  const tapUrl = `/tap?id=${id}${sunQuery ? `&${sunQuery}` : ""}`;
  // A business with no running program has nothing to offer a visitor yet (docs/owner-tools.md, "First
  // steps"): no invitation, one sentence. A signed-in customer keeps the program list, which says so.
  const noPrograms = state.programs.length === 0 && !signedIn;
  // Closed for the season (docs/business-lifecycle.md): said once. A signed-in customer's
  // recorder hears it from the visit itself (the database decides, not this cached page).
  const recorder = live?.recorder;
  const closedNotice = state.closed && !live ? <ClosedNotice closure={state.closed} locale={locale} /> : null;
  const view = (
    <div className="space-y-6">
      {/* Tag ids are case-sensitive: shown exactly as written, never in capitals. */}
      <p className="text-xs tracking-wide text-slate-500 dark:text-slate-400">
        {t.rich("tagLine", {
          tagId: state.tagId,
          mono: (chunks) => <span className="font-mono">{chunks}</span>,
        })}
      </p>
      {recorder}
      {closedNotice}
      <BusinessCard business={state.business} headingLevel={1} text={await businessCardText(state.business, locale)} />
      {noPrograms ? (
        // Nothing to earn here yet: no invitation to start a card or sign up for one.
        <Card as="section" className="p-4 text-center" data-testid="no-programs">
          <p className="font-medium">{t("noPrograms")}</p>
        </Card>
      ) : signedIn || closedNotice ? null : (
        <Card as="section" className="space-y-2 p-4 text-center">
          {state.guestCards ? (
            <StartCardForm
              tagId={state.tagId}
              locale={locale}
              sun={sun}
              text={{ button: t("guest.start"), hint: t("guest.startHint") }}
            />
          ) : null}
          <Link
            href={`/register?tap_id=${id}&redirect=${encodeURIComponent(tapUrl)}`}
            className={buttonClass("primary", "w-full")}
            prefetch={false}
          >
            {t("join.linkMe")}
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("join.register")}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t.rich("join.haveAccount", {
              login: (chunks) => (
                <Link href={`/login?redirect=${encodeURIComponent(tapUrl)}`} prefetch={false} className="underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </Card>
      )}
      {noPrograms ? null : (
        <ProgramList
          programs={state.programs}
          progress={state.progress}
          theme={state.business.theme}
          showEmpty={signedIn}
          renderProgress={live?.renderProgress}
          locale={locale}
        />
      )}
    </div>
  );
  // The recorder's answer is the one source for the result and the cards' progress.
  return live ? live.wrap(view) : view;
}
