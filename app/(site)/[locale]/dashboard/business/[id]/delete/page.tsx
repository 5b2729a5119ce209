import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DeleteBusinessFlow } from "@/components/business-lifecycle/delete-business-flow";
import { ReauthLinkRequest } from "@/components/settings/reauth-link-request";
import { userHasPassword } from "@/lib/db/users";
import { EXPORT_KINDS } from "@/lib/validation/customers";
import { loadOwnedBusiness } from "../owned";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const business = (await loadOwnedBusiness((await params).id))?.business;
  if (!business) return { title: (await getTranslations("dashboard.business"))("notFound") };
  return { title: (await getTranslations("lifecycle.delete"))("title", { business: business.name }) };
}

// "Delete this business" (docs/business-lifecycle.md): the owner's alone, as
// every owner page; anyone else gets the 404 of a business that does not exist.
// First the exports, then the name typed and the owner's re-authentication.
async function DeleteBusinessPage({ params }: Props) {
  const owned = await loadOwnedBusiness((await params).id);
  if (!owned) notFound();
  const { user, business } = owned;
  const [t, hasPassword] = await Promise.all([getTranslations("lifecycle.delete"), userHasPassword(user.id)]);
  const exportBase = `/api/business/${encodeURIComponent(business.id)}/export`;
  return (
    <div className="max-w-2xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-red-700 dark:text-red-400">
          {t("title", { business: business.name })}
        </h1>
        <p className="text-slate-600 dark:text-slate-300">{t("explanation", { business: business.name })}</p>
      </header>
      <DeleteBusinessFlow
        businessId={business.id}
        businessName={business.name}
        exports={EXPORT_KINDS.map((kind) => ({ kind, href: `${exportBase}?kind=${kind}` }))}
        hasPassword={hasPassword}
        reauthLink={!hasPassword && user.email ? <ReauthLinkRequest email={user.email} /> : null}
        backHref={`/dashboard/business/${encodeURIComponent(business.id)}?tab=profile`}
      />
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, DeleteBusinessPage);
