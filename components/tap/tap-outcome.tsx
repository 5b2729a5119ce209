"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { ProgramProgress } from "@/components/programs/program-card";
import { programProgressText, type ProgramProgressText } from "@/components/programs/program-progress-text";
import { useKeyTranslator } from "@/components/i18n/use-key-translator";
import type { ProgressDescription } from "@/lib/loyalty";
import type { Translated } from "@/lib/i18n/message";
import type { TapVisitBody } from "@/lib/tap/record";

// The signed-in tap page's one source of post-tap state: the recorder puts the
// visit's answer here, and both the result banner and each program card below
// read it, so the card never shows the progress from before the tap next to
// a banner that already counted it.

/** A visit as the page has it, its messages already text. */
type ShownVisit = Translated<TapVisitBody>;
type TapOutcome = { answer: ShownVisit | null; setAnswer: (answer: ShownVisit | null) => void };

const TapOutcomeContext = createContext<TapOutcome>({ answer: null, setAnswer: () => undefined });

export function TapOutcomeProvider({ children }: { children: ReactNode }) {
  const [answer, setAnswer] = useState<ShownVisit | null>(null);
  return <TapOutcomeContext.Provider value={{ answer, setAnswer }}>{children}</TapOutcomeContext.Provider>;
}

export function useTapOutcome(): TapOutcome {
  return useContext(TapOutcomeContext);
}

/** The program's progress after the visit the answer recorded, if the answer carries it. */
export function progressAfterTap(answer: ShownVisit | null, programId: string): ProgressDescription | null {
  const item = answer?.active_programs.find((p) => p.program_id === programId);
  // An answer stored before it carried progress (an idempotent replay) has none: the page's own stays.
  return item && "progress" in item && item.progress ? item.progress : null;
}

/** A card's progress: the tap's answer once it has come, else what the page loaded. */
export function LiveProgress({
  programId,
  name,
  initial,
  barColor,
}: {
  programId: string;
  name: string;
  initial: ProgramProgressText | null;
  barColor?: string;
}) {
  const { answer } = useTapOutcome();
  const t = useKeyTranslator();
  const after = progressAfterTap(answer, programId);
  const progress = after ? programProgressText(t, name, after) : initial;
  return progress ? <ProgramProgress progress={progress} barColor={barColor} /> : null;
}
