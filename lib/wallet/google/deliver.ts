import "server-only";
import { z } from "zod";
import { googleWalletRowOf, markGoogleWalletPatched } from "@/lib/db/google-wallet";
import { getPassContent, type PassContent } from "@/lib/db/wallet-pass";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { siteUrl } from "@/lib/site";
import { RestGoogleWalletApi, saveLoyaltyObject, type GoogleWalletApi } from "@/lib/wallet/google/api";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { loyaltyClassFor, loyaltyObjectFor, type LoyaltyClass, type LoyaltyObject } from "@/lib/wallet/google/objects";
import { idString } from "@/lib/validation/text";
import { closedMessage } from "@/lib/business/closed-messages";
import { translateMessage } from "@/lib/i18n/message";

// The Google Wallet jobs' work (lib/jobs/handlers.ts), and the card the save
// link carries. Both jobs are safe to run twice: an update patches the card
// with what it shows now, a void patches objects to INACTIVE.

/** The card of a membership in its customer's language: the business's class and the membership's object. */
export async function googleWalletCardOf(
  content: PassContent,
  issuerId: string,
): Promise<{ loyaltyClass: LoyaltyClass; loyaltyObject: LoyaltyObject }> {
  const t = await getKeyTranslator(storedLocale(content.language));
  const labels = {
    stamps: t("googleWallet.pass.stamps"),
    points: t("googleWallet.pass.points"),
    visits: t("googleWallet.pass.visits"),
    progress: t("googleWallet.pass.progress"),
    rewardsReady: t("googleWallet.pass.rewardsReady"),
    reward: t("googleWallet.pass.reward"),
    businessPage: t("googleWallet.pass.businessPage"),
  };
  return {
    loyaltyClass: loyaltyClassFor(content, { issuerId, siteUrl: siteUrl() }),
    loyaltyObject: loyaltyObjectFor(content, {
      issuerId,
      labels,
      ...(content.closed
        ? {
            closed: {
              header: t("lifecycle.closed.walletHeader"),
              body: translateMessage(t, closedMessage("wallet", content.businessName, content.closed)),
            },
          }
        : {}),
    }),
  };
}

const updateJobSchema = z.object({ membershipId: idString(), version: z.number().int().min(0) });
const voidJobSchema = z.object({ objectIds: z.array(z.string().min(1).max(200)).max(1000) });

export type GoogleWalletOutcome = { skipped: string } | { patched: number; inserted: number; notFound: number };

/**
 * wallet.google-update: the membership's card is patched with what it shows
 * now. Nothing to do when Google Wallet is off, the customer never added this
 * card (or the membership is gone), or a newer change's job is queued (it
 * patches the same content, later).
 */
export async function updateGoogleWalletObject(
  data: unknown,
  api?: GoogleWalletApi,
  now: Date = new Date(),
): Promise<GoogleWalletOutcome> {
  const config = googleWalletConfig();
  if (!config) return { skipped: "Google Wallet is off" };
  const parsed = updateJobSchema.safeParse(data);
  // A malformed job can never succeed: it is dropped, not retried.
  if (!parsed.success) return { skipped: "malformed job data" };
  const { membershipId, version } = parsed.data;
  const row = await googleWalletRowOf(membershipId);
  if (!row) return { skipped: "not in Google Wallet" };
  if (row.version > version) return { skipped: "a newer change is queued" };
  const content = await getPassContent(membershipId, now);
  if (!content) return { skipped: "membership gone" };
  const { loyaltyClass, loyaltyObject } = await googleWalletCardOf(content, config.issuerId);
  const result = await saveLoyaltyObject(api ?? new RestGoogleWalletApi(config), loyaltyClass, loyaltyObject);
  await markGoogleWalletPatched(membershipId, now);
  return result === "patched" ? { patched: 1, inserted: 0, notFound: 0 } : { patched: 0, inserted: 1, notFound: 0 };
}

/**
 * wallet.google-void: the objects of a deleted account's or business's
 * memberships are made INACTIVE (Google moves them to the expired passes). An
 * object Google never had (the customer did not finish saving) is fine; any
 * other failure is thrown after the rest were tried, so the job is retried.
 */
export async function voidGoogleWalletObjects(data: unknown, api?: GoogleWalletApi): Promise<GoogleWalletOutcome> {
  const config = googleWalletConfig();
  if (!config) return { skipped: "Google Wallet is off" };
  const parsed = voidJobSchema.safeParse(data);
  if (!parsed.success) return { skipped: "malformed job data" };
  // Only our issuer's objects: Google would refuse any other anyway.
  const ids = parsed.data.objectIds.filter((id) => id.startsWith(`${config.issuerId}.`));
  const client = api ?? new RestGoogleWalletApi(config);
  const outcome = { patched: 0, inserted: 0, notFound: 0 };
  const failures: string[] = [];
  for (const id of ids) {
    try {
      if ((await client.patchObject(id, { state: "INACTIVE" })) === "patched") outcome.patched++;
      else outcome.notFound++;
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length)
    throw new Error(`Google Wallet void: ${failures.length} of ${ids.length} failed (${failures.join("; ")})`);
  return outcome;
}
