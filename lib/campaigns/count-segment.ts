import "server-only";
import { authEnv } from "@/lib/auth/env";
import { countSegmentMembers, type SegmentContext, type SegmentCount } from "@/lib/db/segments";
import type { SegmentDefinition } from "@/lib/campaigns/segment";

// The live count the owner sees while building a segment (docs/campaigns.md,
// "Segments"): the members, and of them who can be reached and why the
// others cannot. Mail counts only confirmed addresses where the site asks for
// them (REQUIRE_EMAIL_VERIFICATION), as every other mail of the product does.

export function countSegment(ctx: SegmentContext, segment: SegmentDefinition): Promise<SegmentCount> {
  return countSegmentMembers(ctx, segment, authEnv.REQUIRE_EMAIL_VERIFICATION);
}
