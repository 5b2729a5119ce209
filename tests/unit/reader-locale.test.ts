// The visitor pages' language (docs/i18n.md, "Which language a person sees"): the
// reader's cookie, then their Accept-Language among en/es/ca, then the business's.
// The pure choice, and the config rewrites that apply it to the cached tap page and
// card, checked through Next.js's own `has` matcher against the same function.
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { cardRewrites, cardSegment } from "@/lib/business/card-rewrites";
import { readerChoice, visitorLocale } from "@/lib/i18n/reader-locale";
import { visitorTapRewrites } from "@/lib/nfc/visitor-tap";

describe("visitorLocale: cookie, then Accept-Language, then the business's", () => {
  it.each([
    [{ cookie: "ca", acceptLanguage: "es-ES,es;q=0.9", business: "en" }, "ca"],
    [{ cookie: null, acceptLanguage: "es-ES,es;q=0.9,en;q=0.8", business: "en" }, "es"],
    [{ cookie: null, acceptLanguage: "de-DE,de;q=0.9", business: "ca" }, "ca"],
    [{ cookie: null, acceptLanguage: null, business: "es" }, "es"],
    [{ cookie: "fr", acceptLanguage: "ca-ES", business: "en" }, "ca"],
    [{ cookie: "", acceptLanguage: "*", business: "es" }, "es"],
    [{ cookie: undefined, acceptLanguage: "es;q=0, en;q=0.5", business: "ca" }, "en"],
    [{ cookie: undefined, acceptLanguage: "en-US,en;q=0.9", business: "ca" }, "en"],
  ] as const)("%j → %s", (signals, expected) => {
    expect(visitorLocale(signals)).toBe(expected);
  });

  it("asks for nothing when neither the cookie nor the header names one of ours", () => {
    expect(readerChoice({})).toBeNull();
    expect(readerChoice({ cookie: "de", acceptLanguage: "fr-FR, de;q=0.5" })).toBeNull();
  });
});

type Signals = { cookie?: string; acceptLanguage?: string };

function request(path: string, { cookie, acceptLanguage }: Signals) {
  const url = new URL(path, "http://loyaltap.test");
  const query = Object.fromEntries(url.searchParams);
  const headers: Record<string, string> = {};
  if (cookie !== undefined) headers.cookie = `loyaltap-locale=${cookie}`;
  if (acceptLanguage !== undefined) headers["accept-language"] = acceptLanguage;
  return { url, query, req: { headers } };
}

type Rule = { source: string; has?: unknown[]; missing?: unknown[]; destination: string };

/** The destination Next.js would rewrite to: the first rule whose source and conditions match, params filled in. */
function rewrite(rules: readonly Rule[], path: string, signals: Signals): string | null {
  const { url, query, req } = request(path, signals);
  for (const rule of rules) {
    const params = getPathMatch(rule.source)(url.pathname);
    if (!params) continue;
    const matched = matchHas(req as never, query, rule.has as never, rule.missing as never);
    if (!matched) continue;
    const all = { ...params, ...matched } as Record<string, string>;
    return rule.destination.replace(/:(\w+)/g, (_, name: string) => all[name] ?? `:${name}`);
  }
  return null;
}

// Headers as browsers send them, and a few a person or a crawler could.
const HEADERS = [
  undefined,
  "",
  "*",
  "es-ES,es;q=0.9",
  "es-ES,es;q=0.9,en-US;q=0.8,en;q=0.7",
  "ca-ES,ca;q=0.9,es;q=0.8,en;q=0.7",
  "ca-ES-valencia, ca;q=0.9",
  "en-GB,en;q=0.9",
  "de-DE,de;q=0.9,en;q=0.8",
  "de-DE,de;q=0.9",
  "fr-FR, fr;q=0.9, es;q=0.5",
  "es-419,es;q=0.9",
  "es;q=0, ca;q=0.8",
  "es;q=0.0, en;q=0.5",
  "esx, en-US",
  "fr-es, ca",
  "  es-MX ; q=0.7 , en ; q=0.3",
  "zh-Hant-TW,zh;q=0.9",
  "da, en-gb;q=0.8, en;q=0.7",
];
const COOKIES = [undefined, "es", "ca", "en", "fr", ""];

describe("the tap page's rewrites pick what visitorLocale picks", () => {
  for (const acceptLanguage of HEADERS)
    for (const cookie of COOKIES)
      it(`cookie ${JSON.stringify(cookie)}, Accept-Language ${JSON.stringify(acceptLanguage)}`, () => {
        const chosen = readerChoice({ cookie, acceptLanguage });
        expect(rewrite(visitorTapRewrites, "/tap?id=cafe-1", { cookie, acceptLanguage })).toBe(
          chosen ? `/tap/visitor/cafe-1/${chosen}` : "/tap/visitor/cafe-1",
        );
      });

  it("the URL's own language (the switch) wins over the cookie and the header", () => {
    expect(rewrite(visitorTapRewrites, "/tap?id=cafe-1&lang=en", { cookie: "ca", acceptLanguage: "es" })).toBe(
      "/tap/visitor/cafe-1/en",
    );
  });

  it("a signed-in person is not served by them (the proxy serves their /tap)", () => {
    const { url, query } = request("/tap?id=cafe-1", {});
    const req = { headers: { cookie: "loyaltap-locale=es; authjs.session-token=x", "accept-language": "es" } };
    const served = visitorTapRewrites.some(
      (rule) => url.pathname === rule.source && matchHas(req as never, query, rule.has, rule.missing),
    );
    expect(served).toBe(false);
  });
});

describe("the card's rewrites", () => {
  it.each(HEADERS.flatMap((acceptLanguage) => COOKIES.map((cookie) => ({ cookie, acceptLanguage }))))(
    "%j",
    (signals) => {
      const chosen = readerChoice(signals);
      expect(rewrite(cardRewrites, "/b/cafe-central", signals)).toBe(
        chosen ? `/b/cafe-central/reader/${chosen}` : null,
      );
    },
  );

  it("leave the card's explicit languages and its image alone", () => {
    for (const path of ["/b/cafe-central/es", "/b/cafe-central/opengraph-image", "/b/cafe/reader/es"])
      expect(rewrite(cardRewrites, path, { cookie: "ca", acceptLanguage: "es" })).toBeNull();
  });

  it("reads the rewritten segment apart from the explicit one (which redirects the business's own language)", () => {
    expect(cardSegment(undefined)).toEqual({ locale: null, reader: false });
    expect(cardSegment(["es"])).toEqual({ locale: "es", reader: false });
    expect(cardSegment(["reader", "ca"])).toEqual({ locale: "ca", reader: true });
    for (const bad of [["fr"], ["reader"], ["reader", "fr"], ["es", "x"], ["reader", "es", "x"]])
      expect(cardSegment(bad)).toBeUndefined();
  });
});
