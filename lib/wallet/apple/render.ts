import "server-only";
import { PKPass } from "passkit-generator";
import { getPassContent, type PassContent } from "@/lib/db/wallet-pass";
import { formatInstantIn } from "@/lib/i18n/dates";
import { DEFAULT_LOCALE, storedLocale, type Locale } from "@/lib/i18n/locales";
import { translateMessage } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { siteUrl } from "@/lib/site";
import { appleWalletConfig, type AppleWalletConfig } from "@/lib/wallet/apple/config";
import { iconImages, logoImages, type PassImages } from "@/lib/wallet/apple/images";
import { normalisePem } from "@/lib/wallet/apple/keys";
import {
  passColorsFor,
  passJsonFor,
  showsStampStrip,
  voidedPassJsonFor,
  type ApplePassLabels,
  type PassIdentity,
  type PassJson,
} from "@/lib/wallet/apple/pass-json";
import { drawStampStrip } from "@/lib/wallet/apple/strip";
import { displayZone } from "@/lib/time/display-zone";
import { closedMessage } from "@/lib/business/closed-messages";

// The signed .pkpass of an Apple Wallet pass (docs/wallet.md): what the
// download route sends and what the PassKit web service sends a device that
// asks for the pass's latest version. A live pass shows what getPassContent
// reads now; a voided one (or one whose membership is gone) only the
// business's name, so Wallet greys it out.

/** The ApplePass row's fields the renderer needs. */
export type RenderablePass = {
  serialNumber: string;
  authenticationToken: string;
  membershipId: string | null;
  businessName: string;
  voidedAt: Date | null;
};

/** The PassKit web service's base URL: Wallet appends /v1/devices/…, /v1/passes/…, /v1/log. */
export function appleWebServiceUrl(): string {
  return `${siteUrl()}/api/wallet/apple`;
}

async function labelsIn(locale: Locale, businessName: string): Promise<ApplePassLabels> {
  const t = await getKeyTranslator(locale);
  const key = (name: string) => t(`appleWallet.pass.${name}`);
  return {
    stamps: key("stamps"),
    points: key("points"),
    visits: key("visits"),
    progress: key("progress"),
    rewardsReady: key("rewardsReady"),
    reward: key("reward"),
    member: key("member"),
    memberSince: key("memberSince"),
    program: key("program"),
    businessPage: key("businessPage"),
    progressChanged: key("progressChanged"),
    rewardsChanged: key("rewardsChanged"),
    voided: key("voided"),
    news: t("appleWallet.pass.news", { business: businessName }),
    description: t("appleWallet.pass.description", { business: businessName }),
  };
}

async function livePass(content: PassContent, identity: PassIdentity): Promise<{ json: PassJson; images: PassImages }> {
  const locale = storedLocale(content.language);
  const t = await getKeyTranslator(locale);
  const json = passJsonFor(content, {
    ...identity,
    labels: await labelsIn(locale, content.businessName),
    formatDate: (date) => formatInstantIn(date, displayZone(content.timeZone), locale),
    progressLine: content.mainProgram ? translateMessage(t, content.mainProgram.progress.line) : undefined,
    closedLine: content.closed
      ? translateMessage(t, closedMessage("wallet", content.businessName, content.closed))
      : undefined,
  });
  const origin = siteUrl();
  const [icons, logos] = await Promise.all([iconImages(), logoImages(content.logoUrl, origin)]);
  const images: PassImages = { ...icons, ...logos };
  const program = content.mainProgram;
  if (program && showsStampStrip(program)) {
    const colors = passColorsFor(content.theme);
    const strip = { filled: program.progress.current, total: program.progress.target!, colors };
    const [one, two, three] = await Promise.all([1, 2, 3].map((scale) => drawStampStrip(strip, scale as 1 | 2 | 3)));
    Object.assign(images, { "strip.png": one!, "strip@2x.png": two!, "strip@3x.png": three! });
  }
  return { json, images };
}

async function voidedPass(
  pass: RenderablePass,
  identity: PassIdentity,
): Promise<{ json: PassJson; images: PassImages }> {
  // Nothing personal is left to read the customer's language from.
  const labels = await labelsIn(DEFAULT_LOCALE, pass.businessName);
  const [icons, logos] = await Promise.all([iconImages(), logoImages(null, siteUrl())]);
  return { json: voidedPassJsonFor(pass, { ...identity, labels }), images: { ...icons, ...logos } };
}

function sign(json: PassJson, images: PassImages, config: AppleWalletConfig): Buffer {
  const pkpass = new PKPass(
    { ...images, "pass.json": Buffer.from(JSON.stringify(json)) },
    {
      wwdr: normalisePem(config.wwdrPem),
      signerCert: normalisePem(config.signerCertPem),
      signerKey: normalisePem(config.signerKeyPem),
      signerKeyPassphrase: config.signerKeyPassphrase,
    },
  );
  // passkit-generator only warns about a pass.json it will not take and goes
  // on without it: here that is a bug, not a pass to send.
  if (pkpass.props.serialNumber !== json.serialNumber || pkpass.type !== "storeCard")
    throw new Error("Apple Wallet: passkit-generator refused the pass.json");
  return pkpass.getAsBuffer();
}

/**
 * The signed .pkpass of `pass`, as it reads at `now`. Throws only when Apple
 * Wallet is off (callers check appleWalletConfig() first) or on a bug.
 */
export async function renderApplePass(pass: RenderablePass, now: Date = new Date()): Promise<Buffer> {
  const config = appleWalletConfig();
  if (!config) throw new Error("Apple Wallet is off: renderApplePass needs its settings");
  const identity: PassIdentity = {
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: pass.serialNumber,
    authenticationToken: pass.authenticationToken,
    webServiceURL: appleWebServiceUrl(),
  };
  const content = pass.voidedAt || !pass.membershipId ? null : await getPassContent(pass.membershipId, now);
  const { json, images } = content ? await livePass(content, identity) : await voidedPass(pass, identity);
  return sign(json, images, config);
}
