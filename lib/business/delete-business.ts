import "server-only";
import { failure, type ActionResult } from "@/lib/actions/result";
import { deleteBusinessRows } from "@/lib/db/business-deletion";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { businessDeleting } from "@/lib/jobs/events";
import { NAME_MISMATCH_MESSAGE } from "@/lib/validation/business-lifecycle";

// Deleting a business (docs/business-lifecycle.md, "Deleting a business"): the
// data goes in one transaction (lib/db/business-deletion.ts), and in that same
// transaction a mail to each of its customers with an address and the voiding
// of every wallet pass are queued (lib/jobs/events.ts, businessDeleting), so
// they exist exactly when the deletion does. The caller has re-authenticated
// the owner first. The owner's account stays.

export type DeletedBusinessResult = ActionResult<{ businessId: string; name: string; already: boolean }>;

export async function deleteBusiness(
  ownerId: string,
  businessId: string,
  typedName: string,
  now = new Date(),
): Promise<DeletedBusinessResult> {
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  const outcome = await deleteBusinessRows(ownerId, businessId, typedName, businessDeleting, now);
  if (outcome.ok) return { ok: true, businessId, name: outcome.name, already: outcome.already };
  if (outcome.code === "name_mismatch")
    return failure(NAME_MISMATCH_MESSAGE, { fieldErrors: { name: NAME_MISMATCH_MESSAGE } });
  return failure("dashboard.business.notFound");
}
