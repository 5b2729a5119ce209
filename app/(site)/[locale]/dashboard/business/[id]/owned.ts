import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { requireUser } from "@/lib/auth/current-user";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { businessIdSchema } from "@/lib/validation/business-profile";

// The owner's own pages of a business (campaigns, integrations): a staff
// member, like anyone else, gets the same 404 as for a business that does not
// exist. `id` may also be the business's slug.

export const loadOwnedBusiness = cache(async (id: string) => {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(id).success) return null;
  const business = await getOwnedBusiness(user.id, id);
  return business ? { user, business } : null;
});

/** The owner pages whose title is their catalog's `title`. */
type TitledNamespace =
  "dashboard.integrations" | "apiKeys.page" | "webhooks.page" | "automations.page" | "locations.page";

/** An owner page's title: "<its title> · <the business>", or the not-found page's title for anyone else. */
export async function ownedPageMetadata(id: string, namespace: TitledNamespace): Promise<Metadata> {
  const business = (await loadOwnedBusiness(id))?.business;
  if (!business) return { title: (await getTranslations("dashboard.business"))("notFound") };
  const t = await getTranslations(namespace);
  return { title: `${t("title")} · ${business.name}` };
}
