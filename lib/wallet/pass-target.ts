import { idString } from "@/lib/validation/text";

// Which card a wallet button asks for: `?membership=<id>` (the wallet page
// knows its cards' memberships) or `?business=<id>` (the tap result: a first
// visit makes the membership in the same moment, so the page that shows the
// button cannot know its id yet). Either way only the signed-in customer's
// own membership is served (lib/db/wallet-pass.ts, ownMembershipId).

export type PassTarget = { membershipId: string } | { businessId: string };

/** The card a wallet route's query names, or null when it names none, both, or a malformed id. */
export function passTargetOf(query: URLSearchParams): PassTarget | null {
  const membership = query.get("membership");
  const business = query.get("business");
  if (membership !== null && business !== null) return null;
  if (membership !== null) {
    const parsed = idString().safeParse(membership);
    return parsed.success ? { membershipId: parsed.data } : null;
  }
  if (business !== null) {
    const parsed = idString().safeParse(business);
    return parsed.success ? { businessId: parsed.data } : null;
  }
  return null;
}
