import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { CustomerCardView } from "@/components/customer-card/customer-card-view";
import { requireUser } from "@/lib/auth/current-user";
import { requestNow } from "@/lib/clock";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { customerPurchases } from "@/lib/purchases/counter";
import { counterPlaces, rememberedCounterLocations } from "@/lib/staff/counter-location";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { customerIdSchema } from "@/lib/validation/customer-card";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string; userId: string }> };

// The owner and the staff of the business; anyone else, and a customer who is
// not a member, get the same 404 as for a business that does not exist.
const loadCard = cache(async (id: string, userId: string) => {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(id).success || !customerIdSchema.safeParse(userId).success) return null;
  const business = await getCounterBusiness(user.id, id);
  if (!business) return null;
  const card = await getCustomerCard(user.id, business, userId, requestNow(await headers()));
  if (!card) return null;
  const [purchases, [place]] = await Promise.all([
    customerPurchases(user.id, business, userId),
    counterPlaces(user.id, [business.id], await rememberedCounterLocations()),
  ]);
  return { card, purchases, place };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, userId } = await params;
  const loaded = await loadCard(id, userId);
  const t = await getTranslations("customerCard");
  // A person's details: never in search results.
  return { title: loaded ? loaded.card.customer.fullName : t("notFound"), robots: { index: false, follow: false } };
}

async function CustomerCardPage({ params }: Props) {
  const { id, userId } = await params;
  const loaded = await loadCard(id, userId);
  if (!loaded) notFound();
  return <CustomerCardView card={loaded.card} purchases={loaded.purchases} place={loaded.place} />;
}

export default withPageMessages(CLIENT_NAMESPACES, CustomerCardPage);
