import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { HeaderAccountLink } from "@/components/auth/header-account-link";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { TapFrame } from "@/components/tap/tap-frame";
import { TapNoticePage } from "@/components/tap/tap-notice-page";
import { TapStateView } from "@/components/tap/tap-view";
import { loadTapState } from "@/lib/tap/state";
import { tagIdSchema } from "@/lib/validation/registration";
import { decodeSegment } from "@/lib/validation/text";
import { translateMessage } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { INVALID_TAG_ID } from "@/lib/validation/tap";
import { LOCALES, segmentLocale, type Locale } from "@/lib/i18n/locales";
import { visitorTapLocale } from "@/lib/tap/visitor-locale";
import { siteName } from "@/lib/site";
import { loginPath, tapPath } from "@/lib/auth/sign-up-paths";

// A visitor's /tap?id=<id>[&lang=<en|es|ca>] (next.config.ts rewrites it here, when
// there is no session cookie, to /tap/visitor/<id>/<lang> in the URL's or the reader's
// language, else to /tap/visitor/<id>, the business's: lib/nfc/visitor-tap.ts): the
// same for everyone who reads that language, so it is rendered once per tag and language and served
// from the cache until the tag, business or programs change (cache tags of
// lib/db/tap-landing) or five minutes pass. No cookies or headers are read.
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ id: string; lang?: string[] }> };

/**
 * Where each language of a tag's page lives. Always named: the plain address is the
 * reader's language (their cookie, else their browser's), which the switch is there to change.
 */
function tapHrefs(tagId: string): Record<Locale, string> {
  const base = `/tap?id=${encodeURIComponent(tagId)}`;
  return Object.fromEntries(LOCALES.map((l) => [l, `${base}&lang=${l}`])) as Record<Locale, string>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id: segment, lang } = await params;
  const id = tagIdSchema.safeParse(decodeSegment(segment));
  const state = id.success ? await loadTapState(id.data, null).catch(() => null) : null;
  if (state?.kind === "business") {
    return {
      // The root layout sits in this segment, so its `{page} | Loyaltap` template does not apply here.
      title: { absolute: `${state.business.name} | ${siteName}` },
      description: state.business.description ?? undefined,
      // The card is the page search engines should list: the canonical link
      // hands the tag's address over to it. No noindex beside it — the two
      // together contradict each other, and crawlers may drop the card too.
      alternates: { canonical: `/b/${state.business.slug}` },
    };
  }
  const t = await getTranslations({ locale: await visitorTapLocale(segment, lang), namespace: "tap" });
  return { title: { absolute: `${t("title")} | ${siteName}` }, robots: { index: false } };
}

export default async function VisitorTapPage({ params }: Props) {
  const { id: segment, lang } = await params;
  // A language we do not serve (/tap/visitor/<id>/fr) is not a page.
  if (segmentLocale(lang) === undefined) notFound();
  // The layout's language: the URL's, else the business's (named, never read from the request).
  const locale = await visitorTapLocale(segment, lang);
  setRequestLocale(locale);
  // A malformed escape ("%zz") is an invalid tag id like any other.
  const raw = decodeSegment(segment) ?? segment;
  const id = tagIdSchema.safeParse(raw);
  // "Log in" back to this tag, or "Dashboard" where this browser is signed in (decided in the
  // browser: this page is one cached copy for everyone).
  const nav = await getTranslations({ locale, namespace: "common.nav" });
  const account = (
    <HeaderAccountLink
      text={{ logIn: nav("logIn"), dashboard: nav("dashboard") }}
      loginHref={loginPath(id.success ? tapPath(id.data) : null)}
    />
  );
  if (!id.success) {
    const text = translateMessage(await getKeyTranslator(locale), INVALID_TAG_ID);
    return <TapNoticePage message={text} tagId={raw.slice(0, 64)} account={account} />;
  }
  // Programs "running today" use the server's date; the cache lifetime bounds how stale that can be.
  // A failure to load throws to app/tap/error.tsx: the failed render is not
  // kept as this page, so the next request renders it again (docs/errors.md).
  const state = await loadTapState(id.data, null);

  // A secure tag's real taps always carry SUN parameters (they never reach this
  // cached page); a bare link to it is a copy that proves nothing.
  if (state.kind === "business" && state.secure) {
    const t = await getTranslations({ locale, namespace: "tap.notice" });
    return (
      <TapNoticePage
        message={t("notVerified")}
        tagId={id.data}
        lang={locale}
        text={{ title: t("title"), ok: t("ok") }}
        account={account}
      />
    );
  }
  return (
    <TapFrame lang={locale} account={account}>
      <TapStateView state={state} signedIn={false} locale={locale} />
      <LanguageSwitch
        current={locale}
        hrefs={tapHrefs(id.data)}
        label={(await getTranslations({ locale, namespace: "common.languageSwitch" }))("label")}
      />
    </TapFrame>
  );
}
