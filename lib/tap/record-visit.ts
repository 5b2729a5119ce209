import "server-only";
import type { VisitOutcome } from "@/lib/db/visit-types";
import { writeVisit, type VisitInput } from "@/lib/db/visits";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { announceCardChange } from "@/lib/jobs/events";
import { counterVisitStarted } from "@/lib/tap/counter-activity";

export type { VisitInput } from "@/lib/db/visits";

/**
 * Records one visit (lib/db/visits.ts, writeVisit: one transaction for the
 * visit, its card, its progress and its rewards). Each reward's mail and push
 * and each changed card's wallet update are queued in that same transaction:
 * a visit that rolls back announces nothing, and a kept one never misses them.
 */
export async function recordVisit(input: VisitInput): Promise<VisitOutcome> {
  // The queue starts before the transaction, never from within it (on the
  // embedded database, one session, that would wait on itself).
  await jobQueueReady();
  // A sending campaign in this process holds back while visits are written (lib/campaigns/give-way.ts).
  const done = counterVisitStarted();
  try {
    return await writeVisit(input, announceCardChange);
  } finally {
    done();
  }
}
