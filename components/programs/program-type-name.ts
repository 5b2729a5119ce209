import { useTranslations } from "next-intl";
import { PROGRAM_TYPE_LABELS } from "@/components/programs/program-type-icon";

/**
 * A program type's name in the page's language (programs.types.<type>.name);
 * a type the code does not know reads `fallback`, or "Other" in English's words.
 * A hook, so it serves server components and client components alike.
 */
export function useProgramTypeName(): (type: string, fallback?: string) => string {
  const t = useTranslations("programs");
  return (type, fallback) =>
    type in PROGRAM_TYPE_LABELS ? t(`types.${type}.name`) : (fallback ?? t("types.other.name"));
}
