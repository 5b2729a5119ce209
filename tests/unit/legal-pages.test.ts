import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { legalPageFiles, readLegalPage } from "@/lib/content/legal-pages";
import type { Block, Inline } from "@/lib/markdown";

// The terms and the privacy policy as shipped in content/: what the pages show.

function plain(nodes: Inline[]): string {
  return nodes.map((node) => ("children" in node ? plain(node.children) : node.text)).join("");
}

function textOf(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if (block.type === "list") return block.items.map(plain).join("\n");
      return block.type === "rule" ? "" : plain(block.children);
    })
    .join("\n");
}

function linksOf(blocks: Block[]): string[] {
  const out: string[] = [];
  const walk = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.type === "link") out.push(node.href);
      if ("children" in node) walk(node.children);
    }
  };
  for (const block of blocks) {
    if (block.type === "list") block.items.forEach(walk);
    else if (block.type !== "rule") walk(block.children);
  }
  return out;
}

describe("legal pages", () => {
  it("tries the reader's language first, then English", () => {
    expect(legalPageFiles("terms", "en")).toEqual(["terms.md"]);
    expect(legalPageFiles("privacy", "es")).toEqual(["privacy.es.md", "privacy.md"]);
    expect(legalPageFiles("terms", "ca")).toEqual(["terms.ca.md", "terms.md"]);
  });

  it("the privacy policy says what is stored, why, for how long, and how to export and delete it", async () => {
    const page = await readLegalPage("privacy", "en");
    expect(page?.locale).toBe("en");
    const blocks = page!.blocks;
    expect(blocks[0]).toEqual({ type: "heading", level: 1, children: [{ type: "text", text: "Privacy Policy" }] });
    const headings = blocks
      .filter((b) => b.type === "heading")
      .map((b) => plain((b as { children: Inline[] }).children));
    expect(headings).toEqual(
      expect.arrayContaining(["What we keep", "Why we keep it", "How long we keep it", "Your rights"]),
    );
    const text = textOf(blocks);
    for (const stored of ["Your email address", "Your name", "Your birthday", "Your visits"])
      expect(text).toContain(stored);
    expect(text).toContain("Download my data");
    expect(text).toContain("Delete account");
    expect(linksOf(blocks)).toEqual(expect.arrayContaining(["/dashboard/settings", "/terms"]));
  });

  it("each language has its own text, linking the other page", async () => {
    for (const [locale, terms, privacy] of [
      ["es", "Condiciones del servicio", "Política de privacidad"],
      ["ca", "Condicions del servei", "Política de privadesa"],
    ] as const) {
      const termsPage = await readLegalPage("terms", locale);
      expect(termsPage?.locale).toBe(locale);
      expect(termsPage!.blocks[0]).toEqual({ type: "heading", level: 1, children: [{ type: "text", text: terms }] });
      expect(linksOf(termsPage!.blocks)).toContain("/privacy");
      const privacyPage = await readLegalPage("privacy", locale);
      expect(privacyPage!.blocks[0]).toEqual({
        type: "heading",
        level: 1,
        children: [{ type: "text", text: privacy }],
      });
      expect(linksOf(privacyPage!.blocks)).toEqual(expect.arrayContaining(["/dashboard/settings", "/terms"]));
    }
  });

  it("a language without its own file gets the English text, marked as English; no file at all is null", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "legal-"));
    try {
      writeFileSync(path.join(dir, "terms.md"), "# Terms\n\nPlain words.");
      writeFileSync(path.join(dir, "terms.es.md"), "# Condiciones");
      expect(await readLegalPage("terms", "ca", dir)).toEqual({
        locale: "en",
        blocks: [
          { type: "heading", level: 1, children: [{ type: "text", text: "Terms" }] },
          { type: "paragraph", children: [{ type: "text", text: "Plain words." }] },
        ],
      });
      expect((await readLegalPage("terms", "es", dir))?.locale).toBe("es");
      expect(await readLegalPage("privacy", "en", dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
