import "server-only";
import { failure, type ActionResult } from "@/lib/actions/result";
import { deleteAccountRows } from "@/lib/db/settings";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletPassesVoided } from "@/lib/jobs/events";
import { ownsBusinessesMessage } from "@/lib/validation/settings";

/**
 * Deletes the signed-in person's account (lib/db/settings.ts says what goes
 * and what stays). The cards they added to a wallet go inactive there: the
 * jobs are queued in the deletion's own transaction. An owner of a business
 * is told which businesses keep them from leaving.
 */
export async function deleteAccount(userId: string): Promise<ActionResult> {
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  const result = await deleteAccountRows(userId, (tx, { userId }) => walletPassesVoided(tx, { userId }));
  return result.ok ? result : failure(ownsBusinessesMessage(result.businesses));
}
