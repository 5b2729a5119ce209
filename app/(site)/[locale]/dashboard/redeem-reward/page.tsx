import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RedeemByCodeForm } from "@/components/rewards/redeem-by-code-form";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("staff.redeemPage"))("title") };
}

// The counter's redeem tool on a page of its own (a staff member's dashboard
// links here). Anyone signed in may open it: the lookup and the confirmation
// find only rewards of businesses the caller owns or works at.
async function RedeemRewardByCodePage() {
  await requireUser();
  const t = await getTranslations("staff.redeemPage");
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <Link href="/dashboard" className="underline">
            {t("back")}
          </Link>
        </p>
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </div>
      <Card className="p-4">
        <RedeemByCodeForm />
      </Card>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, RedeemRewardByCodePage);
