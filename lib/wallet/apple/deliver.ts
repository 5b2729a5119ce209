import "server-only";
import { z } from "zod";
import { applePassVersion, forgetApplePushToken, pushTokensOf } from "@/lib/db/apple-registrations";
import { apnsSenderFor, type ApnsSender } from "@/lib/wallet/apple/apns";
import { appleWalletConfig, type AppleWalletConfig } from "@/lib/wallet/apple/config";
import { idString } from "@/lib/validation/text";

// The Apple Wallet jobs' work (lib/jobs/handlers.ts): a push to every device
// registered for the changed or voided passes. The push says nothing but
// "ask what changed"; the devices then fetch the passes from the web service,
// which renders them as they are at that moment. So a job that runs twice
// (its worker died, or a retry after one device failed) only makes some
// devices ask once more, and gets 204 or 304.

const updateJobSchema = z.object({ passId: idString(), version: z.number().int().min(0) });
const voidJobSchema = z.object({ passIds: z.array(idString()).min(1).max(1000) });

export type AppleWalletOutcome = { skipped: string } | { sent: number; gone: number; devices: number };

function senderOf(config: AppleWalletConfig): ApnsSender {
  return apnsSenderFor({
    url: config.apns.url,
    keyId: config.apns.keyId,
    teamId: config.teamId,
    keyPem: config.apns.keyPem,
  });
}

/**
 * Pushes to each push token once. A token APNs calls gone loses its
 * registrations; any other failure is thrown after the other devices were
 * tried, so the job is retried (and the devices already told are told again,
 * which costs them one question).
 */
async function pushToDevices(
  tokens: readonly string[],
  topic: string,
  sender: ApnsSender,
): Promise<{ sent: number; gone: number; devices: number }> {
  const outcome = { sent: 0, gone: 0, devices: tokens.length };
  const failures: string[] = [];
  for (const token of tokens) {
    try {
      if ((await sender.send(token, topic)) === "sent") outcome.sent++;
      else {
        await forgetApplePushToken(token);
        outcome.gone++;
      }
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length)
    throw new Error(`Apple Wallet push: ${failures.length} of ${tokens.length} failed (${failures.join("; ")})`);
  return outcome;
}

/**
 * wallet.apple-update: the pass changed; every device registered for it is
 * pushed once. Nothing to do when Apple Wallet is off, the pass is gone, no
 * device holds it any more, or a newer change's job is queued (it pushes
 * the same devices, later, for a pass that shows the newer state anyway).
 */
export async function updateApplePass(data: unknown, sender?: ApnsSender): Promise<AppleWalletOutcome> {
  const config = appleWalletConfig();
  if (!config) return { skipped: "Apple Wallet is off" };
  const parsed = updateJobSchema.safeParse(data);
  // A malformed job can never succeed: it is dropped, not retried.
  if (!parsed.success) return { skipped: "malformed job data" };
  const { passId, version } = parsed.data;
  const pass = await applePassVersion(passId);
  if (!pass) return { skipped: "pass gone" };
  if (pass.version > version) return { skipped: "a newer change is queued" };
  const tokens = await pushTokensOf([passId]);
  if (tokens.length === 0) return { skipped: "no registered devices" };
  return pushToDevices(tokens, config.passTypeId, sender ?? senderOf(config));
}

/**
 * wallet.apple-void: the passes of a deleted account or business were
 * voided; every device that holds one is pushed once, and fetches the
 * voided pass (Wallet then shows it as no longer valid).
 */
export async function voidApplePasses(data: unknown, sender?: ApnsSender): Promise<AppleWalletOutcome> {
  const config = appleWalletConfig();
  if (!config) return { skipped: "Apple Wallet is off" };
  const parsed = voidJobSchema.safeParse(data);
  if (!parsed.success) return { skipped: "malformed job data" };
  const tokens = await pushTokensOf(parsed.data.passIds);
  if (tokens.length === 0) return { skipped: "no registered devices" };
  return pushToDevices(tokens, config.passTypeId, sender ?? senderOf(config));
}
