// Business theme rules: hex colours only (3 or 6 digits) else the
// defaults; text colours dark or light by WCAG contrast; placeholder icon from
// a fixed list. Pure: used by every page that shows a business and on save.

export const PLACEHOLDER_ICONS = [
  "store",
  "ice-cream",
  "utensils",
  "cake",
  "coffee",
  "shopping-bag",
  "pizza",
  "beer",
  "wine",
  "leaf",
  "heart",
  "music",
  "book",
  "dumbbell",
] as const;
export type PlaceholderIcon = (typeof PLACEHOLDER_ICONS)[number];

export const DEFAULT_PRIMARY = "#4F46E5";
export const DEFAULT_SECONDARY = "#7C3AED";
export const DEFAULT_BACKGROUND = "#fff";
const DARK_TEXT = "#111827";
const LIGHT_TEXT = "#FFFFFF";

const COLOR_KEYS = [
  "primaryColor",
  "secondaryColor",
  "accentColor",
  "backgroundColor",
  "textColor",
  "descriptionColor",
] as const;
type ColorKey = (typeof COLOR_KEYS)[number];

export type StoredTheme = Partial<Record<ColorKey, string>> & { placeholderIcon?: PlaceholderIcon };
export type Theme = Record<ColorKey, string> & { placeholderIcon: PlaceholderIcon };

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

function parseThemeInput(input: unknown): Record<string, unknown> {
  if (typeof input === "string") {
    try {
      const parsed: unknown = JSON.parse(input);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** What we store: only valid colours and a known icon (object or JSON text accepted). */
export function normaliseTheme(input: unknown): StoredTheme {
  const raw = parseThemeInput(input);
  const out: StoredTheme = {};
  for (const key of COLOR_KEYS) if (isHexColor(raw[key])) out[key] = raw[key];
  if (PLACEHOLDER_ICONS.includes(raw.placeholderIcon as PlaceholderIcon))
    out.placeholderIcon = raw.placeholderIcon as PlaceholderIcon;
  return out;
}

function channels(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3)
    h = h
      .split("")
      .map((c) => c + c)
      .join("");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Dark or light text, whichever contrasts more with `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/** The theme to render: stored values with defaults filled in and readable text colours. */
export function resolveTheme(input: unknown): Theme {
  const stored = normaliseTheme(input);
  const primaryColor = stored.primaryColor ?? DEFAULT_PRIMARY;
  const backgroundColor = stored.backgroundColor ?? DEFAULT_BACKGROUND;
  const readable = readableTextOn(backgroundColor);
  // A stored text colour is kept only if it can actually be read on the background.
  const textColor =
    stored.textColor && contrastRatio(stored.textColor, backgroundColor) >= 4.5 ? stored.textColor : readable;
  const descriptionColor =
    stored.descriptionColor && contrastRatio(stored.descriptionColor, backgroundColor) >= 4.5
      ? stored.descriptionColor
      : textColor;
  return {
    primaryColor,
    secondaryColor: stored.secondaryColor ?? DEFAULT_SECONDARY,
    accentColor: stored.accentColor ?? primaryColor,
    backgroundColor,
    textColor,
    descriptionColor,
    placeholderIcon: stored.placeholderIcon ?? "store",
  };
}
