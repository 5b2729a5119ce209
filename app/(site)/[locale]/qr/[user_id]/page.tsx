import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { buttonClass } from "@/components/ui/button";
import { ColorSchemeToggle } from "@/components/ui/color-scheme-toggle";
import { getCurrentUser } from "@/lib/auth/current-user";
import { loginRedirectPath } from "@/lib/auth/redirects";
import { requestNow } from "@/lib/clock";
import { isLocale } from "@/lib/i18n/locales";
import { translateMessage } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { getQrProfile, type QrProfile } from "@/lib/db/qr";
import { qrPageContext } from "@/lib/qr/counter";
import type { QrViewerContext } from "@/lib/qr/viewer";
import { QR_TOKEN_PARAM } from "@/lib/qr/timing";
import { siteName } from "@/lib/site";
import { CardCounter } from "@/components/customer-card/card-counter";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { OwnerActions } from "./owner-actions";
import { counterSpend, type CounterSpend } from "@/lib/purchases/counter";
import { ReferrerAction } from "./referrer-action";
import { CounterLocationProvider } from "@/components/counter/counter-location";
import { counterPlaces, rememberedCounterLocations } from "@/lib/staff/counter-location";
import { SiteHeader } from "@/components/ui/site-header";
import { Card } from "@/components/ui/card";

type Params = Promise<{ user_id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const profile = await getQrProfile((await params).user_id);
  const t = await getTranslations("qr");
  // A personal page: never in search results.
  return { title: profile?.displayName ?? t("title.notFound"), robots: { index: false, follow: false } };
}

/** `back`: this page, with the QR's token, so an owner who signs in first can still act before it expires. */
async function VisitorPrompt({ profile, back }: { profile: QrProfile; back: string }) {
  const t = await getTranslations("qr.visitor");
  return (
    <div className="space-y-3">
      <p className="text-slate-600 dark:text-slate-300">{t("prompt", { name: profile.displayName })}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href={`/register?redirect=${encodeURIComponent(back)}`} className={buttonClass("primary")}>
          {t("register")}
        </Link>
        <Link href={loginRedirectPath(back, "")} className={buttonClass("secondary")}>
          {t("logIn")}
        </Link>
      </div>
    </div>
  );
}

/**
 * An owner or staff member scanning a member of the business: its card first —
 * progress and ready rewards, redeemed in one tap — the same components as the
 * customer's card page, which it links to.
 */
async function MemberCard({
  viewerId,
  profile,
  businessId,
}: {
  viewerId: string;
  profile: QrProfile;
  businessId: string;
}) {
  const business = await getCounterBusiness(viewerId, businessId);
  const card = business ? await getCustomerCard(viewerId, business, profile.id, requestNow(await headers())) : null;
  if (!card) return null;
  const t = await getTranslations("customerCard");
  return (
    <div className="space-y-4 text-left" data-testid="qr-member-card">
      <CardCounter card={card} />
      <Link
        href={`/dashboard/business/${card.business.id}/customers/${card.customer.id}`}
        className={buttonClass("secondary")}
      >
        {t("openCard", { customer: profile.displayName })}
      </Link>
    </div>
  );
}

async function SignedInActions({
  viewerId,
  profile,
  context,
  token,
  needsPresence,
}: {
  viewerId: string;
  profile: QrProfile;
  context: Extract<QrViewerContext, { kind: "signed-in" }>;
  token: string | null;
  needsPresence: boolean;
}) {
  // Owners and staff get the counter's actions, only from the live QR the customer
  // shows (its presence token, lib/qr/counter.ts); a customer may name the friend as referrer.
  if (context.businesses.length > 0 && token) {
    // The card of the first business the customer is a member of comes first; linking
    // and recording a visit stay below it, in the same place whether or not it shows.
    const member = context.businesses.find((b) => b.linked);
    // Where purchases earn points, the counter may also type what the customer spent.
    const [rules, places] = await Promise.all([
      Promise.all(context.businesses.map((b) => counterSpend(viewerId, b.id))),
      // Where the counter works at each business (docs/locations.md, "The counter").
      counterPlaces(
        viewerId,
        context.businesses.map((b) => b.id),
        await rememberedCounterLocations(),
      ),
    ]);
    const spend: Record<string, CounterSpend> = {};
    context.businesses.forEach((b, i) => {
      if (rules[i]) spend[b.id] = rules[i];
    });
    return (
      <CounterLocationProvider places={places}>
        {member ? <MemberCard viewerId={viewerId} profile={profile} businessId={member.id} /> : null}
        <OwnerActions
          customerId={profile.id}
          customerName={profile.displayName}
          businesses={context.businesses}
          token={token}
          spend={spend}
        />
      </CounterLocationProvider>
    );
  }
  const { referral } = context;
  const t = await getTranslations();
  const scanLive = needsPresence ? (
    <p role="note" className="text-sm text-slate-600 dark:text-slate-300">
      {t("qr.owner.scanLive", { name: profile.displayName })}
    </p>
  ) : null;
  if (referral.state === "available")
    return (
      <>
        <ReferrerAction referrerId={profile.id} referrerName={profile.displayName} />
        {scanLive}
      </>
    );
  return (
    <>
      <p role="note" className="text-slate-600 dark:text-slate-300">
        {referral.state === "this-friend"
          ? t("qr.referrer.isYours", { name: profile.displayName })
          : translateMessage(await getKeyTranslator(), referral.reason)}
      </p>
      {scanLive}
    </>
  );
}

/** A customer's personal QR page — public, shows only a display name (who may see and do what: lib/qr/viewer.ts). */
export default async function QrUserPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const profile = await getQrProfile((await params).user_id);
  if (!profile) notFound();
  const viewer = await getCurrentUser();
  const given = (await searchParams)[QR_TOKEN_PARAM];
  const token = typeof given === "string" ? given : null;
  const back = `/qr/${profile.id}` + (token ? `?${QR_TOKEN_PARAM}=${encodeURIComponent(token)}` : "");
  const context = viewer ? await qrPageContext(viewer, profile.id, token, requestNow(await headers())) : null;
  const rawLocale = await getLocale();
  const locale = isLocale(rawLocale) ? rawLocale : "en";
  const [t, common] = await Promise.all([getTranslations("qr"), getTranslations("common")]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label={common("nav.main")} translucent>
        <Link href={viewer ? "/dashboard" : loginRedirectPath(back, "")} className="hover:underline">
          {viewer ? common("nav.dashboard") : common("nav.logIn")}
        </Link>
        <ColorSchemeToggle labels={{ dark: common("colorScheme.dark"), light: common("colorScheme.light") }} />
      </SiteHeader>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        <Card className="space-y-6 p-6 text-center shadow-sm">
          <div className="space-y-3">
            <div
              aria-hidden="true"
              className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand text-3xl font-bold text-white"
            >
              {profile.initial}
            </div>
            <h1 className="text-2xl font-bold">{profile.displayName}</h1>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("member", { site: siteName })}</p>
          </div>
          {!context ? <VisitorPrompt profile={profile} back={back} /> : null}
          {context?.kind === "self" ? <p className="text-slate-600 dark:text-slate-300">{t("self")}</p> : null}
          {context?.kind === "signed-in" ? (
            // The owner's and the referrer's buttons: their words, and the engine's lines after a visit.
            <ClientMessages locale={locale} namespaces={["qr", "programs", "customerCard", "workLocations"]}>
              <SignedInActions
                viewerId={viewer!.id}
                profile={profile}
                context={context}
                token={token}
                needsPresence={context.needsPresence}
              />
            </ClientMessages>
          ) : null}
        </Card>
      </main>
    </div>
  );
}
