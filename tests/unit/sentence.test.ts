import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "use-intl/core";
import { redeemedText } from "@/components/rewards/redeemed-text";
import { tidySentence } from "@/lib/i18n/sentence";

// A name that ends with its own period ("Marc S.") at the end of a sentence
// gets one period, not two, in every language.

function redeemTranslator(locale: "en" | "es" | "ca") {
  const rewards: unknown = JSON.parse(readFileSync(path.join("messages", locale, "rewards.json"), "utf8"));
  const t = createTranslator({ locale, messages: { rewards } as never, namespace: "rewards.redeem" as never });
  return (key: "done" | "doneFor", values: { reward: string; customer?: string }) =>
    (t as unknown as (k: string, v: object) => string)(key, values);
}

describe("the counter's words once a reward is redeemed", () => {
  it("ends on the customer's initial with one period", () => {
    expect(redeemedText(redeemTranslator("en"), { name: "Free cortado", customerName: "Marc S." })).toBe(
      "Redeemed: Free cortado for Marc S.",
    );
    for (const locale of ["es", "ca"] as const) {
      const text = redeemedText(redeemTranslator(locale), { name: "Cortado", customerName: "Marc S." });
      expect(text).toMatch(/Marc S\.$/);
    }
  });

  it("keeps the sentence's period after a name without one", () => {
    expect(redeemedText(redeemTranslator("en"), { name: "Free cortado", customerName: "Marc" })).toBe(
      "Redeemed: Free cortado for Marc.",
    );
    expect(redeemedText(redeemTranslator("en"), { name: "Croissant", customerName: null })).toBe(
      "Redeemed: Croissant.",
    );
  });
});

describe("tidySentence", () => {
  it("drops a period doubled after a value's own, or after ! and ?", () => {
    expect(tidySentence("You now work at Forn S.L..")).toBe("You now work at Forn S.L.");
    expect(tidySentence("Redeemed: Free coffee!. Redeemed on 3 May.")).toBe(
      "Redeemed: Free coffee! Redeemed on 3 May.",
    );
  });

  it("leaves an ellipsis and ordinary periods alone", () => {
    expect(tidySentence("Saving...")).toBe("Saving...");
    expect(tidySentence("Version 1.5. Done.")).toBe("Version 1.5. Done.");
  });
});
