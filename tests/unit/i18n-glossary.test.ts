import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// One word per term and language (docs/i18n.md, "Glossary"; the full table is
// messages/README.md): a reader never meets two words for one thing.

function catalogTexts(locale: string): string[] {
  const dir = path.join("messages", locale);
  const texts: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === "string") texts.push(`${at}: ${value}`);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) walk(inner, at ? `${at}.${key}` : key);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")))
    walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")), file.replace(/\.json$/, ""));
  return texts;
}

describe("the glossary, kept in every catalog", () => {
  it.each([
    ["es", /recompens/i],
    ["ca", /recompens/i],
  ])("a reward is always premio / premi in %s, never recompensa", (locale, other) => {
    expect(catalogTexts(locale).filter((text) => other.test(text))).toEqual([]);
  });

  it("English says Log out, never Sign out", () => {
    expect(catalogTexts("en").filter((text) => /\bsign(ed|ing)? out\b/i.test(text))).toEqual([]);
  });

  it("Spanish and Catalan name logging out one way", () => {
    expect(catalogTexts("es").filter((text) => /\b(salir|desconectar)/i.test(text))).toEqual([]);
    expect(catalogTexts("ca").filter((text) => /\b(surt|desconnecta)/i.test(text))).toEqual([]);
  });
});
