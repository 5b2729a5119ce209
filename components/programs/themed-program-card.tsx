import type { ReactNode } from "react";
import { ProgramCard, type ProgramCardColors } from "@/components/programs/program-card";
import { programCardText, type ProgramCardData } from "@/components/programs/program-card-text";
import { readableTextOn, type Theme } from "@/lib/business/theme";
import type { Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message";

/** A program card's colours on a business's own page: its icon in the primary colour, its bar in the accent. */
export function programCardColors(theme: Pick<Theme, "primaryColor" | "accentColor">): ProgramCardColors {
  return { icon: theme.primaryColor, onIcon: readableTextOn(theme.primaryColor), bar: theme.accentColor };
}

/** One program's card in a list of a business's programs (the tap page, the wallet), in its colours. */
export function ThemedProgramCard({
  program,
  lines,
  locale,
  colors,
  progress,
}: {
  program: ProgramCardData;
  lines: KeyTranslator;
  locale: Locale;
  colors: ProgramCardColors;
  progress: ReactNode;
}) {
  return (
    <ProgramCard
      type={program.type}
      text={programCardText(lines, locale, program)}
      colors={colors}
      progress={progress}
    />
  );
}
