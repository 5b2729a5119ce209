import type { KeyTranslator } from "@/lib/i18n/message";
import { isAdjustableType } from "@/lib/loyalty/adjust";

/**
 * An adjustment's change as people read it ("+2 stamps", "−10 points"), with
 * `t` a translator at the catalog's root. No hooks: the owner's card and the
 * customer's wallet use the same words.
 */
export function deltaText(t: KeyTranslator, programType: string, delta: number): string {
  const unit = isAdjustableType(programType) ? programType : "other";
  return t(`customerCard.delta.${unit}`, { sign: delta < 0 ? "−" : "+", count: Math.abs(delta) });
}
