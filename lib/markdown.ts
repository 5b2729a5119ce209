// A small Markdown reader for the pages an operator writes (content/*.md: the
// terms and the privacy policy). It knows headings, paragraphs, bulleted and
// numbered lists, horizontal rules, links, bold, italics and inline code, and
// returns a tree, not HTML: React renders the tree, so every text is escaped and
// raw HTML in the file shows as text. A link's target is kept only when it is
// http(s) or a path on this site; any other link (javascript:, data:, //other)
// keeps its words and loses the link. Pure: no file access, no next/*.

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; external: boolean; children: Inline[] };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "rule" };

const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]{0,3}\d{1,9}[.)][ \t]+(.*)$/;
const RULE = /^[ \t]{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const INDENTED = /^[ \t]+\S/;
// Characters a backslash may escape, as in CommonMark.
const ESCAPABLE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
// Control characters never reach the page (a stray NUL or escape in an edited file).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The link target kept for `href`, or null when it is not safe to follow:
 * http: and https: URLs, and paths on this site ("/privacy", "#delete").
 */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (value === "" || /[\s\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith("#")) return value;
  // "/x" is this site; "//host" is another site written without its scheme.
  if (value.startsWith("/")) return value.startsWith("//") ? null : value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

/** The blocks of a Markdown document. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(CONTROL, "").replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;

  const closeParagraph = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  const closeList = () => {
    if (list) {
      blocks.push({
        type: "list",
        ordered: list.ordered,
        items: list.items.map((item) => parseInline(item.join(" "))),
      });
    }
    list = null;
  };

  let previousBlank = true;
  for (const raw of lines) {
    const line = raw.replace(/\s+$/, "");
    if (line.trim() === "") {
      closeParagraph();
      previousBlank = true;
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (RULE.test(line)) {
      closeParagraph();
      closeList();
      blocks.push({ type: "rule" });
    } else if (heading) {
      closeParagraph();
      closeList();
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: "heading", level, children: parseInline(heading[2]!.trim()) });
    } else if (bullet || numbered) {
      closeParagraph();
      const ordered = Boolean(numbered && !bullet);
      const text = (bullet ?? numbered)![1]!.trim();
      if (!list || list.ordered !== ordered) {
        closeList();
        list = { ordered, items: [] };
      }
      list.items.push([text]);
    } else if (list && (!previousBlank || INDENTED.test(line))) {
      // The item's text goes on, on the next line or indented after a blank one.
      list.items[list.items.length - 1]!.push(line.trim());
    } else {
      closeList();
      paragraph.push(line.trim());
    }
    previousBlank = false;
  }
  closeParagraph();
  closeList();
  return blocks;
}

/** The inline elements of one paragraph, heading or list item. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) out.push({ type: "text", text: buffer });
    buffer = "";
  };

  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (char === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: "code", text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (char === "[") {
      const link = readLink(text, i);
      if (link) {
        flush();
        const children = parseInline(link.label);
        const href = safeHref(link.href);
        if (href) out.push({ type: "link", href, external: !href.startsWith("/") && !href.startsWith("#"), children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    if ((char === "*" || char === "_") && text[i + 1] === char) {
      const end = findClosing(text, i + 2, char + char);
      if (end > i + 2) {
        flush();
        out.push({ type: "strong", children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (char === "*" || char === "_") {
      // snake_case and 2*3*4 are words, not emphasis.
      const opensWord = !/[\p{L}\p{N}]/u.test(text[i - 1] ?? "") || char === "*";
      const end = opensWord && text[i + 1] !== " " ? findClosing(text, i + 1, char) : -1;
      if (end > i + 1) {
        flush();
        out.push({ type: "em", children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    buffer += char;
    i += 1;
  }
  flush();
  return out;
}

/** Where `marker` closes an emphasis opened before `from`, or -1. */
function findClosing(text: string, from: number, marker: string): number {
  let at = text.indexOf(marker, from);
  while (at !== -1) {
    const before = text[at - 1];
    const after = text[at + marker.length];
    const escaped = before === "\\";
    const closesWord = marker[0] === "*" || !/[\p{L}\p{N}]/u.test(after ?? "");
    // A single marker must not be half of a double one ("*a **b** c*").
    const partOfDouble = marker.length === 1 && (after === marker || before === marker);
    if (!escaped && before !== " " && closesWord && !partOfDouble) return at;
    at = text.indexOf(marker, at + marker.length);
  }
  return -1;
}

/** A `[label](href)` starting at `start`: its parts and where it ends, or null. */
function readLink(text: string, start: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") {
      j += 1;
      continue;
    }
    if (c === "[") depth += 1;
    if (c === "]") {
      depth -= 1;
      if (depth === 0) {
        close = j;
        break;
      }
    }
  }
  if (close === -1 || text[close + 1] !== "(") return null;
  // The target ends at its balancing parenthesis: https://en.wikipedia.org/wiki/Cookie_(disambiguation).
  let parens = 0;
  for (let j = close + 1; j < text.length; j++) {
    if (text[j] === "(") parens += 1;
    if (text[j] === ")" && --parens === 0) {
      return { label: text.slice(start + 1, close), href: text.slice(close + 2, j), end: j + 1 };
    }
  }
  return null;
}
