import { parseInline, parseMarkdown, safeHref } from "@/lib/markdown";

const text = (value: string) => ({ type: "text", text: value });

describe("parseMarkdown: the blocks of an operator's page", () => {
  it("reads headings, paragraphs joined across lines, lists and rules", () => {
    const blocks = parseMarkdown(
      [
        "# Privacy policy",
        "",
        "We keep what a loyalty card needs",
        "and nothing more.",
        "",
        "## What we store",
        "",
        "- your email",
        "- your name,",
        "  as you typed it",
        "* your birthday",
        "",
        "1. Open Settings",
        "2) Delete",
        "",
        "---",
        "### Contact ###",
      ].join("\r\n"),
    );
    expect(blocks).toEqual([
      { type: "heading", level: 1, children: [text("Privacy policy")] },
      { type: "paragraph", children: [text("We keep what a loyalty card needs and nothing more.")] },
      { type: "heading", level: 2, children: [text("What we store")] },
      {
        type: "list",
        ordered: false,
        items: [[text("your email")], [text("your name, as you typed it")], [text("your birthday")]],
      },
      { type: "list", ordered: true, items: [[text("Open Settings")], [text("Delete")]] },
      { type: "rule" },
      { type: "heading", level: 3, children: [text("Contact")] },
    ]);
  });

  it("keeps raw HTML as text: the page escapes it, nothing runs", () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(blocks).toEqual([
      { type: "paragraph", children: [text("<script>alert(1)</script>")] },
      { type: "paragraph", children: [text('<img src=x onerror="alert(1)">')] },
    ]);
  });

  it("drops control characters and reads an empty file as no blocks", () => {
    expect(parseMarkdown("a\u0000b\u001b")).toEqual([{ type: "paragraph", children: [text("ab")] }]);
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown("\n\n  \n")).toEqual([]);
  });

  it("needs a space after # for a heading", () => {
    expect(parseMarkdown("#hashtag")).toEqual([{ type: "paragraph", children: [text("#hashtag")] }]);
  });
});

describe("parseInline: emphasis, code and links", () => {
  it("reads bold, italics and inline code, nested", () => {
    expect(parseInline("**all** of *it, **mostly** so*")).toEqual([
      { type: "strong", children: [text("all")] },
      text(" of "),
      { type: "em", children: [text("it, "), { type: "strong", children: [text("mostly")] }, text(" so")] },
    ]);
    expect(parseInline("_one_ and __two__ and `<b>`")).toEqual([
      { type: "em", children: [text("one")] },
      text(" and "),
      { type: "strong", children: [text("two")] },
      text(" and "),
      { type: "code", text: "<b>" },
    ]);
  });

  it("leaves snake_case words, lone stars and escaped markers as they are", () => {
    expect(parseInline("user_id and file_name")).toEqual([text("user_id and file_name")]);
    expect(parseInline("2 * 3 = 6")).toEqual([text("2 * 3 = 6")]);
    expect(parseInline("\\*not italic\\*")).toEqual([text("*not italic*")]);
  });

  it("links to http(s) addresses and to this site's pages", () => {
    expect(
      parseInline("See [Settings](/dashboard/settings) or [the law](https://eur-lex.europa.eu/eli/reg/2016/679)."),
    ).toEqual([
      text("See "),
      { type: "link", href: "/dashboard/settings", external: false, children: [text("Settings")] },
      text(" or "),
      { type: "link", href: "https://eur-lex.europa.eu/eli/reg/2016/679", external: true, children: [text("the law")] },
      text("."),
    ]);
    expect(parseInline("[**bold** link](#delete)")).toEqual([
      {
        type: "link",
        href: "#delete",
        external: false,
        children: [{ type: "strong", children: [text("bold")] }, text(" link")],
      },
    ]);
  });

  it("keeps the words of an unsafe link and drops its target", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "//evil.example/x",
      "vbscript:x",
      "mailto:a@b.c",
    ]) {
      expect(parseInline(`[click](${href})`)).toEqual([text("click")]);
    }
  });

  it("reads a bracket that is not a link as text", () => {
    expect(parseInline("[not a link] and [half](")).toEqual([text("[not a link] and [half](")]);
  });
});

describe("safeHref", () => {
  it("keeps http(s) URLs, site paths and anchors", () => {
    expect(safeHref("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
    expect(safeHref("http://example.com")).toBe("http://example.com/");
    expect(safeHref(" /privacy ")).toBe("/privacy");
    expect(safeHref("#top")).toBe("#top");
  });

  it("refuses other schemes, scheme-relative and backslash tricks, spaces and relative paths", () => {
    for (const href of [
      "javascript:alert(1)",
      "ftp://x",
      "//evil.example",
      "/\\evil.example",
      "/a b",
      "privacy",
      "",
      "java\tscript:x",
    ]) {
      expect(safeHref(href)).toBeNull();
    }
  });
});
