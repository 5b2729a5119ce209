import "server-only";
import { loadPublicCard } from "@/lib/business/card-locale";
import { loadTapState } from "@/lib/tap/state";

export type SignUpBusiness = { name: string; slug: string };

/**
 * The business a sign-up is for, read on the server from what the address
 * names (the tag tapped, or the card's slug) and never from a name in the
 * address: "Create your account to collect at <name>". Both reads are the
 * cached entries the tap page and the card use. Unknown, unclaimed or
 * withdrawn: null, and the page says what it says to everyone.
 */
export async function signUpBusiness({
  tapId,
  businessSlug,
}: {
  tapId: string | null;
  businessSlug: string | null;
}): Promise<SignUpBusiness | null> {
  if (tapId) {
    const state = await loadTapState(tapId, null).catch(() => null);
    return state?.kind === "business" ? { name: state.business.name, slug: state.business.slug } : null;
  }
  if (businessSlug) {
    const business = await loadPublicCard(businessSlug).catch(() => null);
    return business ? { name: business.name, slug: business.slug } : null;
  }
  return null;
}
