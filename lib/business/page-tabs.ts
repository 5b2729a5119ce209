// The owner's business page is split in tabs, most used first. Each tab is its
// own URL (?tab=tags) so it works without JavaScript, can be linked to, and the
// page renders only that tab's part.

export const BUSINESS_TABS = ["programs", "tags", "card", "profile"] as const;
export type BusinessTab = (typeof BUSINESS_TABS)[number];

const isTab = (value: string): value is BusinessTab => (BUSINESS_TABS as readonly string[]).includes(value);

/** The tab a `?tab=` value names (a repeated parameter: its first); the programs when it names none. */
export function businessTab(value: string | string[] | undefined): BusinessTab {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== undefined && isTab(first) ? first : "programs";
}

/** The address of one tab of a business's page (the first tab has none of its own). */
export function businessTabHref(businessId: string, tab: BusinessTab): string {
  const path = `/dashboard/business/${encodeURIComponent(businessId)}`;
  return tab === "programs" ? path : `${path}?tab=${tab}`;
}

// Pages of their own beside the tabs (the customer list, the insights, the
// campaigns, the locations, the staff, the integrations), in the same bar: each is a route under the business's page.
export const BUSINESS_SECTIONS = [
  "customers",
  "review",
  "insights",
  "campaigns",
  "locations",
  "staff",
  "integrations",
] as const;
export type BusinessSection = (typeof BUSINESS_SECTIONS)[number];

/** The bar's order, most used first: programs, customers, review, insights, campaigns, tags, card, profile, locations, staff, integrations. */
export const BUSINESS_NAV: readonly (BusinessTab | BusinessSection)[] = [
  "programs",
  "customers",
  "review",
  "insights",
  "campaigns",
  "tags",
  "card",
  "profile",
  "locations",
  "staff",
  "integrations",
];

/** Who is looking at the bar: the business's owner, or a staff member at its counter. */
export type BusinessNavViewer = "owner" | "staff";

// What a staff member may open (docs/owner-tools.md, "Staff"): the customer
// list and a customer's card, and the review queue (docs/review-queue.md).
// Every other entry is the owner's, and its route answers anyone else with a
// 404, so the bar never offers it to them.
const STAFF_NAV: readonly (BusinessTab | BusinessSection)[] = ["customers", "review"];

/** The bar's entries the viewer may open, in the bar's order. */
export function businessNavFor(viewer: BusinessNavViewer): readonly (BusinessTab | BusinessSection)[] {
  return viewer === "owner" ? BUSINESS_NAV : BUSINESS_NAV.filter((entry) => STAFF_NAV.includes(entry));
}

/** The address of an entry of the business page's bar: a tab of the page or a section's own route. */
export function businessNavHref(businessId: string, entry: BusinessTab | BusinessSection): string {
  if (isTab(entry)) return businessTabHref(businessId, entry);
  return `/dashboard/business/${encodeURIComponent(businessId)}/${entry}`;
}
