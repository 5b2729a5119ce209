// Colour scheme: 'light' or 'dark', kept in local storage, default light.
export const COLOR_SCHEME_KEY = "color-scheme";
export type ColorScheme = "light" | "dark";
export const DEFAULT_COLOR_SCHEME: ColorScheme = "light";

export function parseColorScheme(value: unknown): ColorScheme {
  return value === "dark" ? "dark" : DEFAULT_COLOR_SCHEME;
}

/**
 * Runs inline in <head> before the body paints, so a dark-scheme user never
 * sees a light flash. Kept tiny and dependency-free on purpose.
 */
export const colorSchemeScript = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_KEY)});if(s==="dark")document.documentElement.classList.add("dark")}catch(e){}`;
