import { tidySentence } from "@/lib/i18n/sentence";

type RedeemTranslator = (key: "done" | "doneFor", values: { reward: string; customer?: string }) => string;

/**
 * What the counter shows once a reward is redeemed (rewards.redeem): the reward
 * and, when known, whose it was ("Redeemed: Free coffee for Marc S."), with one
 * period however the names end.
 */
export function redeemedText(t: RedeemTranslator, reward: { name: string; customerName?: string | null }): string {
  return tidySentence(
    reward.customerName
      ? t("doneFor", { reward: reward.name, customer: reward.customerName })
      : t("done", { reward: reward.name }),
  );
}
