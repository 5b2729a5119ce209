import "server-only";
import { readLink } from "@/lib/campaigns/tracking";
import { consentLinkFacts, writeMarketingConsent } from "@/lib/db/marketing";
import { escapeHtml } from "@/lib/mail/layout";
import { DEFAULT_LOCALE, storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";

// The "Stop offers from …" link of a campaign's message and its one-click
// address (RFC 8058): a signed token names the account and the business; a
// GET shows a page with one button (link scanners open every link of a mail,
// so a GET never withdraws), a POST withdraws that business's marketing
// consent, from the page or from a mail program's own unsubscribe button.

function page(lang: string, title: string, body: string, status = 200): Response {
  const html = `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}

async function facts(token: string | null) {
  const link = readLink(token, "marketing-unsubscribe");
  if (!link) return { state: "invalid" as const };
  const read = await consentLinkFacts(link.userId, link.businessId);
  if (!read) return { state: "gone" as const };
  return { state: "ok" as const, link, locale: storedLocale(read.language), business: read.businessName };
}

export async function unsubscribePage(token: string | null, withdraw: boolean): Promise<Response> {
  const found = await facts(token);
  if (found.state !== "ok") {
    const t = await getKeyTranslator(DEFAULT_LOCALE);
    const status = found.state === "invalid" ? 400 : 410;
    return page(
      DEFAULT_LOCALE,
      t("outreach.unsubscribe.title"),
      `<p>${escapeHtml(t(`outreach.unsubscribe.${found.state}`))}</p>`,
      status,
    );
  }
  const t = await getKeyTranslator(found.locale);
  const values = { business: found.business };
  if (withdraw) {
    await writeMarketingConsent(found.link.userId, found.link.businessId, false, "unsubscribe");
    return page(
      found.locale,
      t("outreach.unsubscribe.title"),
      `<p>${escapeHtml(t("outreach.unsubscribe.done", values))}</p>`,
    );
  }
  return page(
    found.locale,
    t("outreach.unsubscribe.title"),
    `<h1>${escapeHtml(t("outreach.unsubscribe.heading", values))}</h1><p>${escapeHtml(t("outreach.unsubscribe.intro", values))}</p>` +
      `<form method="post"><button type="submit">${escapeHtml(t("outreach.unsubscribe.confirm"))}</button></form>`,
  );
}
