import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { ColorSchemeToggle } from "@/components/ui/color-scheme-toggle";
import { getCurrentUser } from "@/lib/auth/current-user";
import { loginRedirectPath } from "@/lib/auth/redirects";
import { requestNow } from "@/lib/clock";
import { getQrProfile, getQrViewerContext, type QrProfile, type QrViewerContext } from "@/lib/db/qr";
import { siteName } from "@/lib/site";
import { OwnerActions } from "./owner-actions";
import { ReferrerAction } from "./referrer-action";
import { SiteHeader } from "@/components/ui/site-header";
import { Card } from "@/components/ui/card";

type Params = Promise<{ user_id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const profile = await getQrProfile((await params).user_id);
  // A personal page: never in search results.
  return { title: profile?.displayName ?? "Not found", robots: { index: false, follow: false } };
}

function VisitorPrompt({ profile }: { profile: QrProfile }) {
  const back = `/qr/${profile.id}`;
  return (
    <div className="space-y-3">
      <p className="text-slate-600 dark:text-slate-300">
        Register or log in to link with {profile.displayName} and start earning rewards.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href={`/register?redirect=${encodeURIComponent(back)}`} className={buttonClass("primary")}>
          Register
        </Link>
        <Link href={loginRedirectPath(back, "")} className={buttonClass("secondary")}>
          Log in
        </Link>
      </div>
    </div>
  );
}

function SignedInActions({
  profile,
  context,
}: {
  profile: QrProfile;
  context: Extract<QrViewerContext, { kind: "signed-in" }>;
}) {
  // Owners get the counter's actions; a customer may name the friend as referrer.
  if (context.businesses.length > 0) {
    return <OwnerActions customerId={profile.id} customerName={profile.displayName} businesses={context.businesses} />;
  }
  const { referral } = context;
  if (referral.state === "available")
    return <ReferrerAction referrerId={profile.id} referrerName={profile.displayName} />;
  return (
    <p role="note" className="text-slate-600 dark:text-slate-300">
      {referral.state === "this-friend" ? `${profile.displayName} is your referrer.` : referral.reason}
    </p>
  );
}

/** A customer's personal QR page — public, shows only a display name (who may see and do what: lib/db/qr.ts). */
export default async function QrUserPage({ params }: { params: Params }) {
  const profile = await getQrProfile((await params).user_id);
  if (!profile) notFound();
  const viewer = await getCurrentUser();
  const context = viewer ? await getQrViewerContext(viewer, profile.id, requestNow(await headers())) : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label="Main" translucent>
        <Link href={viewer ? "/dashboard" : loginRedirectPath(`/qr/${profile.id}`, "")} className="hover:underline">
          {viewer ? "Dashboard" : "Log in"}
        </Link>
        <ColorSchemeToggle />
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
            <p className="text-sm text-slate-500 dark:text-slate-400">{siteName} member</p>
          </div>
          {!context ? <VisitorPrompt profile={profile} /> : null}
          {context?.kind === "self" ? (
            <p className="text-slate-600 dark:text-slate-300">
              This is your QR code page. Show your QR to friends or businesses to identify and link with you.
            </p>
          ) : null}
          {context?.kind === "signed-in" ? <SignedInActions profile={profile} context={context} /> : null}
        </Card>
      </main>
    </div>
  );
}
