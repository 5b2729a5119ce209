import { translateMessage, type KeyTranslator } from "@/lib/i18n/message";
import type { ProgressDescription } from "@/lib/loyalty";

// A module of its own, apart from the card's text (program-card-text.ts): the signed-in
// tap page's live progress (a client component) needs only this, not the dates' formats.

/** A customer's progress as the card shows it (line and bar). */
export type ProgramProgressText = { current: number; target: number | null; line: string; label: string };

export function programProgressText(
  t: KeyTranslator,
  name: string,
  progress: ProgressDescription,
): ProgramProgressText {
  return {
    current: progress.current,
    target: progress.target,
    line: translateMessage(t, progress.line),
    label: t("programs.card.progress", { program: name }),
  };
}
