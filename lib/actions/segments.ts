"use server";

import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { countSegment } from "@/lib/campaigns/count-segment";
import { segmentSchema } from "@/lib/campaigns/segment";
import type { SegmentCount } from "@/lib/db/segments";
import { businessIdSchema } from "@/lib/validation/business-profile";

// The segment builder's live count (docs/campaigns.md, "Segments"). Only the
// owner: anyone else gets the same not-found as for a business that does not
// exist. A count only reads (indexed, bounded by the business's members), so
// it has no rate limit of its own, like the customer list's filters.

const NOT_FOUND = failure("dashboard.business.notFound");

const countInputSchema = z.object({ businessId: businessIdSchema, segment: segmentSchema });

export type CountSegmentResult = ActionResult<{ count: SegmentCount }>;

export const countSegmentAction = action(
  {
    role: "owner",
    args: [countInputSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], business }): Promise<CountSegmentResult> => {
    const count = await countSegment(
      { businessId: business!.id, timezone: business!.timezone, now: new Date() },
      input.segment,
    );
    return { ok: true, count };
  },
);
