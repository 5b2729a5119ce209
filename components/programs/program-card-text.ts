import { formatProgramDay } from "@/components/programs/program-offer";
import { PROGRAM_TYPE_LABELS } from "@/components/programs/program-type-icon";
import type { Locale } from "@/lib/i18n/locales";
import { translateMessage, type KeyTranslator } from "@/lib/i18n/message";
import type { LoyaltyLine } from "@/lib/loyalty";

/** What a program card shows, as text in the page's language. */
export type ProgramCardText = {
  typeName: string;
  name: string;
  description: string | null;
  starts: string | null;
  ends: string | null;
  /** The rule and the reward ("Collect 10 stamps → Free coffee"); null when the engine has none. */
  offer: string | null;
};

/** A program as every card reads it: the engine's offer line, never the raw rules. */
export type ProgramCardData = {
  type: string;
  name: string;
  description?: string | null;
  startDate?: Date | string | null;
  endDate?: Date | string | null;
  offer: LoyaltyLine | null;
};

/**
 * The card's text, with `t` the page's translator at the catalog's root
 * (getTranslations({ locale }) on the server, useTranslations() in a client form).
 * No hooks: server pages and the owner's live preview use the same function.
 */
export function programCardText(t: KeyTranslator, locale: Locale, program: ProgramCardData): ProgramCardText {
  const starts = formatProgramDay(program.startDate, locale);
  const ends = formatProgramDay(program.endDate, locale);
  return {
    // A type the product knows is named in the catalog; any other reads as a loyalty program.
    typeName:
      program.type in PROGRAM_TYPE_LABELS ? t(`programs.types.${program.type}.name`) : t("programs.unknownType"),
    name: program.name,
    description: program.description?.trim() || null,
    starts: starts ? t("programs.card.starts", { date: starts }) : null,
    ends: ends ? t("programs.card.ends", { date: ends }) : null,
    offer: program.offer ? translateMessage(t, program.offer) : null,
  };
}
