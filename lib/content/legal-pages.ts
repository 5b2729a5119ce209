import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { parseMarkdown, type Block } from "@/lib/markdown";

// The terms and the privacy policy are Markdown files an operator edits in
// content/ (docs/operations.md, "Terms and privacy pages"): content/terms.md is
// the English text and the fallback of a language without its own file;
// content/terms.es.md is the Spanish one.
const CONTENT_DIR = path.join(process.cwd(), "content");
export const LEGAL_PAGES = ["terms", "privacy"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The files tried for `page` in `locale`, in order: its own language, then English. */
export function legalPageFiles(page: LegalPage, locale: Locale): string[] {
  const english = `${page}.md`;
  return locale === DEFAULT_LOCALE ? [english] : [`${page}.${locale}.md`, english];
}

/** The page's blocks and the language they are written in, or null when no file exists. */
export async function readLegalPage(
  page: LegalPage,
  locale: Locale,
  dir: string = CONTENT_DIR,
): Promise<{ blocks: Block[]; locale: Locale } | null> {
  for (const file of legalPageFiles(page, locale)) {
    try {
      // Read at request time from the operator's folder, not bundled: the build need not trace it.
      const source = await readFile(path.join(/* turbopackIgnore: true */ dir, file), "utf8");
      return { blocks: parseMarkdown(source), locale: file === `${page}.md` ? DEFAULT_LOCALE : locale };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return null;
}
