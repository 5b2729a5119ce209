import { useTranslations } from "next-intl";
import { CATEGORY_LABELS, categoryValueOf, type CategoryLabel } from "@/lib/business/categories";

// Keywords are stored as their English category label ("Bakery"); the wizard
// shows and searches them in the visitor's language (the `categories` catalog),
// and still stores the label.

/** A stored keyword as the reader says it: its category's name, or the text itself. */
export function useKeywordName(): (label: string) => string {
  const t = useTranslations("categories");
  return (label) => {
    const value = categoryValueOf(label);
    return value && t.has(value) ? t(value) : label;
  };
}

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/**
 * The labels a business can still pick, matched on their name in the reader's
 * language: not chosen yet and containing the typed text, those whose name
 * starts with it first. With English names it is filterCategories.
 */
export function filterCategoryLabels(
  query: string,
  chosen: readonly string[],
  nameOf: (label: string) => string,
): CategoryLabel[] {
  const needle = fold(query);
  const taken = new Set(chosen);
  const open = CATEGORY_LABELS.filter((label) => !taken.has(label) && fold(nameOf(label)).includes(needle));
  if (!needle) return open;
  const starts = (label: string) => fold(nameOf(label)).startsWith(needle);
  return [...open.filter(starts), ...open.filter((label) => !starts(label))];
}
