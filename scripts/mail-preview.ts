// npm run mail:preview   renders the notification mails with sample data, as
// HTML files in MAIL_PREVIEW_DIR (default .data/mail-preview), and photographs
// the reward-earned mail in Chromium into docs/images/mail-reward-earned.png
// (docs/notifications.md shows it). The mails are rendered by the product's own
// templates (lib/mail/notifications.ts) from the real catalogs; only the facts
// are made up. Chromium: Debian's /usr/bin/chromium, or CHROMIUM_PATH.
import { chromium } from "@playwright/test";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { catalogKeyTranslator } from "@/lib/i18n/key-translator";
import type { Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message";
import { ownerSummaryMail, rewardMail, welcomeMail, type RenderedMail } from "@/lib/mail/notifications";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const site = "https://loyaltap.example";
const links = {
  unsubscribe: `${site}/unsubscribe?token=sample-business-token`,
  unsubscribeAll: `${site}/unsubscribe?token=sample-all-token`,
  settings: `${site}/dashboard/settings`,
};

function translator(locale: Locale): KeyTranslator {
  const dir = path.join(root, "messages", locale);
  const messages = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [path.basename(file, ".json"), JSON.parse(readFileSync(path.join(dir, file), "utf8"))]),
  );
  return catalogKeyTranslator(locale, messages);
}

// Fixed moments, so the picture only changes when the mail does.
const reward = (locale: Locale, kind: "earned" | "expiring", expiresAt: Date) =>
  rewardMail(
    kind,
    {
      firstName: "Ana",
      reward: { name: "Free flat white", code: "K7PQ2X", expiresAt },
      business: { name: "Café Central", color: "#0E7490", timeZone: "Europe/Madrid" },
      rewardUrl: `${site}/dashboard/redeem-reward/0197a3b2-sample`,
    },
    links,
    translator(locale),
    locale,
  );

const mails: Record<string, RenderedMail> = {
  "reward-earned-en": reward("en", "earned", new Date("2026-12-24T13:00:00Z")),
  "reward-expiring-es": reward("es", "expiring", new Date("2026-11-27T19:30:00Z")),
  "welcome-ca": welcomeMail(
    { firstName: "Marc", ownsBusiness: false, startUrl: `${site}/dashboard/wallet` },
    links,
    translator("ca"),
    "ca",
  ),
  "owner-summary-en": ownerSummaryMail(
    {
      firstName: "Marta",
      business: { name: "Café Central", color: "#0E7490" },
      period: "WEEKLY",
      fromDay: "2026-11-16",
      toDay: "2026-11-22",
      stats: { visits: 312, newCustomers: 27, rewardsRedeemed: 41 },
      insightsUrl: `${site}/dashboard/business/0197a3b2-sample/insights`,
    },
    links,
    translator("en"),
    "en",
  ),
};

async function main() {
  const outDir = path.resolve(process.env.MAIL_PREVIEW_DIR || path.join(root, ".data", "mail-preview"));
  mkdirSync(outDir, { recursive: true });
  for (const [name, mail] of Object.entries(mails)) {
    writeFileSync(path.join(outDir, `${name}.html`), mail.html);
    writeFileSync(path.join(outDir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
  try {
    // About the width of a mail program's reading pane.
    const page = await browser.newPage({ viewport: { width: 680, height: 600 }, deviceScaleFactor: 1 });
    await page.setContent(mails["reward-earned-en"]!.html, { waitUntil: "load" });
    const image = path.join(root, "docs", "images", "mail-reward-earned.png");
    mkdirSync(path.dirname(image), { recursive: true });
    await page.screenshot({ path: image, fullPage: true });
    console.log(`Mails written to ${outDir}; screenshot ${path.relative(root, image)}`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
