// A new owner's first steps (docs/owner-tools.md, "First steps"): what the
// dashboard's checklist lists, when each step counts as done, and where each
// is done. Pure: the facts come from one statement (listOwnerDashboard).

export const FIRST_STEPS = ["claimTag", "createProgram", "prepareTag", "tapTag"] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

/** What the database knows about one business's start. */
export type FirstStepFacts = {
  businessId: string;
  /** The business's first claimed tag, if any. */
  firstTagId: string | null;
  /** A program of the business exists (running, scheduled, paused or ended). */
  hasProgram: boolean;
  /** The owner said, on a tag's QR page, that a tag is printed or written. */
  tagPrepared: boolean;
  /** A visit was recorded from one of the business's tags (a tap, by any customer account). */
  tagTapped: boolean;
  /** The owner hid the checklist. */
  dismissed: boolean;
};

export type FirstStepItem = { step: FirstStep; done: boolean; href: string };

/**
 * The checklist, in order, or null when it is not shown: every step done, or
 * the owner hid it. A recorded tap on a tag proves the tag works, so it also
 * ticks "print or write it": nobody has to come back to say so.
 */
export function firstSteps(facts: FirstStepFacts): FirstStepItem[] | null {
  if (facts.dismissed) return null;
  const business = encodeURIComponent(facts.businessId);
  const tag = facts.firstTagId === null ? null : encodeURIComponent(facts.firstTagId);
  const items: FirstStepItem[] = [
    { step: "claimTag", done: tag !== null, href: "/dashboard/tag/claim" },
    { step: "createProgram", done: facts.hasProgram, href: `/dashboard/program/create?businessId=${business}` },
    {
      step: "prepareTag",
      done: facts.tagPrepared || facts.tagTapped,
      href: tag === null ? `/dashboard/business/${business}?tab=tags` : `/dashboard/tag/${tag}/qr`,
    },
    {
      step: "tapTag",
      done: facts.tagTapped,
      href: tag === null ? `/dashboard/business/${business}?tab=tags` : `/tap?id=${tag}`,
    },
  ];
  return items.every((item) => item.done) ? null : items;
}
