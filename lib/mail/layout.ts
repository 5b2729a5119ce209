import { DEFAULT_PRIMARY, isHexColor, readableTextOn } from "@/lib/business/theme";

// The one layout of the product's notification mails, as HTML and as plain text
// from the same blocks, so both parts of a mail always say the same thing.
// Mail programs ignore <style> sheets and most modern CSS, so the HTML is
// tables with inline styles, 560 px wide at most, system fonts, and a band and
// button in the business's colour. Every text and address is escaped here:
// business and reward names are typed by owners and may hold markup.
// Pure: no server-only import, so unit tests render it directly.

export type MailBrand = {
  /** The name in the band at the top (the business's, or the site's). */
  name: string;
  /** A hex colour (the business's primary colour); anything else is the product's indigo. */
  color?: string | null;
};

export type MailLink = { label: string; href: string };

export type MailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** The reward code, big and easy to read out at a counter. */
  | { kind: "code"; label: string; code: string }
  | { kind: "button"; label: string; href: string }
  /** A row of figures (the owner's summary). */
  | { kind: "stats"; items: { label: string; value: string }[] };

export type MailDocument = {
  lang: string;
  /** The document's <title> (the subject). */
  title: string;
  /** The line mail programs show after the subject in the inbox; hidden in the body. */
  preheader: string;
  brand: MailBrand;
  blocks: MailBlock[];
  /** Why the reader gets it, and the ways to stop it. */
  footer: { text: string; links: MailLink[] };
};

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MONO = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";
const PAGE = "#f1f5f9";
const INK = "#0f172a";
const BODY = "#334155";
const MUTED = "#64748b";
const RULE = "#e2e8f0";

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** An address for href: only absolute http(s) URLs, escaped; anything else is a bug of the caller. */
function safeHref(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new Error("a mail link must be an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("a mail link must be http(s)");
  return escapeHtml(url.toString());
}

/** Escaped text with its line breaks kept. */
function lines(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, "<br>");
}

export function brandColors(brand: MailBrand): { background: string; text: string } {
  const background = isHexColor(brand.color) ? brand.color : DEFAULT_PRIMARY;
  return { background, text: readableTextOn(background) };
}

function block(item: MailBlock, colors: { background: string; text: string }): string {
  switch (item.kind) {
    case "heading":
      return `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:1.3;font-weight:700;color:${INK};">${lines(item.text)}</h1>`;
    case "paragraph":
      return `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.55;color:${BODY};">${lines(item.text)}</p>`;
    case "code":
      return [
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;border-collapse:separate;">`,
        `<tr><td align="center" style="padding:18px 12px;border:2px dashed ${colors.background};border-radius:10px;background-color:#f8fafc;">`,
        `<div style="font-family:${FONT};font-size:12px;line-height:1.4;letter-spacing:1px;text-transform:uppercase;color:${MUTED};">${escapeHtml(item.label)}</div>`,
        `<div style="margin-top:6px;font-family:${MONO};font-size:32px;line-height:1.2;font-weight:700;letter-spacing:6px;color:${INK};">${escapeHtml(item.code)}</div>`,
        `</td></tr></table>`,
      ].join("");
    case "button":
      return [
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;">`,
        `<tr><td align="center" bgcolor="${colors.background}" style="border-radius:8px;background-color:${colors.background};">`,
        `<a href="${safeHref(item.href)}" target="_blank" style="display:inline-block;padding:13px 26px;font-family:${FONT};font-size:16px;line-height:1.2;font-weight:700;color:${colors.text};text-decoration:none;border-radius:8px;">${escapeHtml(item.label)}</a>`,
        `</td></tr></table>`,
      ].join("");
    case "stats": {
      const width = Math.floor(100 / Math.max(1, item.items.length));
      const cells = item.items
        .map(
          (stat) =>
            `<td align="center" width="${width}%" style="padding:14px 6px;border:1px solid ${RULE};background-color:#f8fafc;">` +
            `<div style="font-family:${FONT};font-size:28px;line-height:1.2;font-weight:700;color:${INK};">${escapeHtml(stat.value)}</div>` +
            `<div style="margin-top:4px;font-family:${FONT};font-size:13px;line-height:1.3;color:${MUTED};">${escapeHtml(stat.label)}</div>` +
            `</td>`,
        )
        .join("");
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;border-collapse:collapse;"><tr>${cells}</tr></table>`;
    }
  }
}

/** The HTML part of a mail. */
export function renderMailHtml(doc: MailDocument): string {
  const colors = brandColors(doc.brand);
  const footerLinks = doc.footer.links
    .map(
      (link) =>
        `<a href="${safeHref(link.href)}" target="_blank" style="color:${MUTED};text-decoration:underline;">${escapeHtml(link.label)}</a>`,
    )
    .join("<br>");
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(doc.lang)}" dir="ltr">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    '<meta name="supported-color-schemes" content="light">',
    `<title>${escapeHtml(doc.title)}</title>`,
    "</head>",
    `<body style="margin:0;padding:0;background-color:${PAGE};">`,
    `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(doc.preheader)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE};">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid ${RULE};border-radius:12px;border-collapse:separate;overflow:hidden;">`,
    `<tr><td bgcolor="${colors.background}" style="padding:18px 28px;background-color:${colors.background};border-radius:12px 12px 0 0;font-family:${FONT};font-size:20px;line-height:1.3;font-weight:700;color:${colors.text};">${escapeHtml(doc.brand.name)}</td></tr>`,
    `<tr><td style="padding:28px 28px 12px;">`,
    ...doc.blocks.map((item) => block(item, colors)),
    "</td></tr>",
    "</table>",
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">`,
    `<tr><td align="center" style="padding:18px 28px 8px;font-family:${FONT};font-size:13px;line-height:1.6;color:${MUTED};">`,
    `<p style="margin:0 0 8px;">${lines(doc.footer.text)}</p>${footerLinks}`,
    "</td></tr>",
    "</table>",
    "</td></tr>",
    "</table>",
    "</body>",
    "</html>",
  ].join("\n");
}

/** The plain-text part of the same mail. */
export function renderMailText(doc: MailDocument): string {
  const parts: string[] = [doc.brand.name];
  for (const item of doc.blocks) {
    switch (item.kind) {
      case "heading":
      case "paragraph":
        parts.push(item.text);
        break;
      case "code":
        parts.push(`${item.label}: ${item.code}`);
        break;
      case "button":
        parts.push(`${item.label}: ${item.href}`);
        break;
      case "stats":
        parts.push(item.items.map((stat) => `${stat.label}: ${stat.value}`).join("\n"));
        break;
    }
  }
  parts.push(["--", doc.footer.text, ...doc.footer.links.map((link) => `${link.label}: ${link.href}`)].join("\n"));
  return `${parts.join("\n\n")}\n`;
}
