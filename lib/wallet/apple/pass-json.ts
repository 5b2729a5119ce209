import { contrastRatio, readableTextOn } from "@/lib/business/theme";
import type { CardLabels, PassContent } from "@/lib/db/wallet-pass";

// What a membership's card is in Apple Wallet: the pass.json of a store card
// (Apple's "Wallet Passes" format). The card shows the business's colours and
// name, the main program's progress (stamp programs also as the drawn strip,
// lib/wallet/apple/strip.ts), the rewards ready, the customer's name and the
// personal QR the counter scans. A voided pass (the account or the business
// is gone) keeps only the business's name: Wallet greys it out. Pure: the
// renderer (lib/wallet/apple/render.ts) signs it with the images.

/** The words on the card, in the customer's language (the appleWallet catalog). */
export type ApplePassLabels = CardLabels & {
  member: string;
  memberSince: string;
  program: string;
  /** The lock-screen notice when the progress changes; "%@" is the new value. */
  progressChanged: string;
  /** The lock-screen notice when the rewards ready change; "%@" is the new count. */
  rewardsChanged: string;
  /** The back of a voided pass. */
  voided: string;
  /** The label of the latest campaign message on the back (docs/campaigns.md, "Channels"). */
  news?: string;
  /** The pass's accessible description (Apple shows it to VoiceOver and on the lock screen). */
  description: string;
};

export type PassField = {
  key: string;
  label?: string;
  value: string | number;
  changeMessage?: string;
  textAlignment?: "PKTextAlignmentLeft" | "PKTextAlignmentCenter" | "PKTextAlignmentRight" | "PKTextAlignmentNatural";
  dataDetectorTypes?: "PKDataDetectorTypeLink"[];
};

export type PassJson = {
  formatVersion: 1;
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string;
  organizationName: string;
  description: string;
  logoText: string;
  foregroundColor: string;
  backgroundColor: string;
  labelColor: string;
  sharingProhibited: true;
  voided?: true;
  barcodes?: { format: "PKBarcodeFormatQR"; message: string; messageEncoding: "iso-8859-1"; altText?: string }[];
  storeCard: {
    headerFields: PassField[];
    primaryFields: PassField[];
    secondaryFields: PassField[];
    auxiliaryFields: PassField[];
    backFields: PassField[];
  };
};

export type PassIdentity = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  authenticationToken: string;
  /** The PassKit web service's base URL: `${siteUrl}/api/wallet/apple`. */
  webServiceURL: string;
};

type Rgb = [number, number, number];

/** "#abc" or "#aabbcc" → [r, g, b]; anything else → null. */
export function hexToRgb(color: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!match) return null;
  const digits = match[1]!;
  const hex = digits.length === 3 ? [...digits].map((c) => c + c).join("") : digits;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

/** A theme colour as pass.json takes it: "rgb(r, g, b)". */
export function rgbString(color: string, fallback = "#4f46e5"): string {
  const [r, g, b] = hexToRgb(color) ?? hexToRgb(fallback)!;
  return `rgb(${r}, ${g}, ${b})`;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** `from` moved towards `to` by `amount` (0–1), in sRGB. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = hexToRgb(from) ?? [0, 0, 0];
  const b = hexToRgb(to) ?? [0, 0, 0];
  return toHex(a.map((c, i) => c + (b[i]! - c) * amount) as Rgb);
}

export type PassColors = { background: string; foreground: string; label: string };

/**
 * The card's colours, as hex: the business's primary colour as the card
 * (Google Wallet's card uses it too), text dark or light by contrast, and the
 * labels a step softer when they stay readable (WCAG AA, 4.5:1).
 */
export function passColorsFor(theme: Pick<PassContent["theme"], "primaryColor">): PassColors {
  const background = hexToRgb(theme.primaryColor) ? toHex(hexToRgb(theme.primaryColor)!) : "#4f46e5";
  const foreground = readableTextOn(background).toLowerCase();
  const softer = mixColors(foreground, background, 0.25);
  const label = contrastRatio(softer, background) >= 4.5 ? softer : foreground;
  return { background, foreground, label };
}

/** The main program's balance as a field's value: stamps as "3/10", points and visits as their count. */
export function progressFieldFor(
  program: NonNullable<PassContent["mainProgram"]>,
  labels: ApplePassLabels,
): { label: string; value: string | number } {
  const { current, target } = program.progress;
  switch (program.type) {
    case "stamps":
      return { label: labels.stamps, value: `${current}/${target ?? current}` };
    case "points":
      return { label: labels.points, value: current };
    case "visits":
      return { label: labels.visits, value: current };
    default:
      return { label: labels.progress, value: target === null ? current : `${current}/${target}` };
  }
}

/** Whether the card carries the drawn stamp strip: a stamp program with a target. */
export function showsStampStrip(program: PassContent["mainProgram"]): boolean {
  return program?.type === "stamps" && program.progress.target !== null && program.progress.target > 0;
}

type CardContent = Pick<
  PassContent,
  | "businessName"
  | "customerName"
  | "theme"
  | "mainProgram"
  | "readyRewards"
  | "qrPayload"
  | "businessUrl"
  | "memberSince"
  | "news"
  | "closed"
>;

export type PassJsonOptions = PassIdentity & {
  labels: ApplePassLabels;
  /** How the back's "member since" date reads, in the customer's language. */
  formatDate: (date: Date) => string;
  /** The main program's progress line ("7/10 stamps"), already in the customer's language, for the back. */
  progressLine?: string;
  /** While the business is closed for the season: "Closed until 1 March", in the customer's language. */
  closedLine?: string;
};

function identityFields(identity: PassIdentity) {
  return {
    formatVersion: 1 as const,
    passTypeIdentifier: identity.passTypeIdentifier,
    teamIdentifier: identity.teamIdentifier,
    serialNumber: identity.serialNumber,
    authenticationToken: identity.authenticationToken,
    webServiceURL: identity.webServiceURL,
  };
}

/** The pass.json of a live membership's card. */
export function passJsonFor(content: CardContent, options: PassJsonOptions): PassJson {
  const { labels } = options;
  const colors = passColorsFor(content.theme);
  const program = content.mainProgram;
  const name = content.customerName?.trim();
  const progress = program ? progressFieldFor(program, labels) : null;
  const strip = showsStampStrip(program);
  const progressField: PassField | null = progress
    ? { key: "progress", label: progress.label, value: progress.value, changeMessage: labels.progressChanged }
    : null;
  const rewardsField: PassField = {
    key: "rewards",
    label: labels.rewardsReady,
    value: content.readyRewards,
    changeMessage: labels.rewardsChanged,
    textAlignment: "PKTextAlignmentRight",
  };
  // A store card draws its primary field over the strip image: with the drawn
  // stamps there, the stamp count goes to the header instead (it also shows
  // on the stacked card in Wallet's list).
  return {
    ...identityFields(options),
    organizationName: content.businessName,
    description: options.labels.description,
    logoText: content.businessName,
    foregroundColor: rgbString(colors.foreground),
    backgroundColor: rgbString(colors.background),
    labelColor: rgbString(colors.label),
    // The card is the customer's own (their personal QR): not one to pass around.
    sharingProhibited: true,
    barcodes: [{ format: "PKBarcodeFormatQR", message: content.qrPayload, messageEncoding: "iso-8859-1" }],
    storeCard: {
      headerFields: strip && progressField ? [{ ...progressField, textAlignment: "PKTextAlignmentRight" }] : [],
      primaryFields: !strip && progressField ? [progressField] : [],
      secondaryFields: [
        ...(name ? [{ key: "member", label: labels.member, value: name }] : []),
        ...(program ? [{ key: "reward", label: labels.reward, value: program.rewardName }] : []),
      ],
      // Closed for the season (docs/business-lifecycle.md): said on the front, and on the lock
      // screen when the updated pass arrives.
      auxiliaryFields: [
        ...(content.closed && options.closedLine
          ? [{ key: "closed", value: options.closedLine, changeMessage: "%@" }]
          : []),
        rewardsField,
      ],
      backFields: [
        // A business's latest message: a changed value with a changeMessage is what
        // Wallet shows on the lock screen when the updated pass arrives.
        ...(content.news ? [{ key: "news", label: labels.news ?? "", value: content.news, changeMessage: "%@" }] : []),
        ...(program
          ? [
              {
                key: "program",
                label: labels.program,
                value: options.progressLine ? `${program.name}\n${options.progressLine}` : program.name,
              },
            ]
          : []),
        {
          key: "memberSince",
          label: labels.memberSince,
          value: options.formatDate(content.memberSince),
        },
        {
          key: "business",
          label: labels.businessPage,
          value: content.businessUrl,
          dataDetectorTypes: ["PKDataDetectorTypeLink"],
        },
      ],
    },
  };
}

/**
 * The pass.json of a voided pass: the membership is gone (or the account or
 * business was deleted). Wallet shows it greyed out; it carries no barcode
 * and nothing personal, only the business's name.
 */
export function voidedPassJsonFor(
  pass: { businessName: string },
  options: PassIdentity & { labels: Pick<ApplePassLabels, "voided" | "description"> },
): PassJson {
  return {
    ...identityFields(options),
    organizationName: pass.businessName,
    description: options.labels.description,
    logoText: pass.businessName,
    foregroundColor: "rgb(255, 255, 255)",
    backgroundColor: "rgb(75, 85, 99)",
    labelColor: "rgb(229, 231, 235)",
    sharingProhibited: true,
    voided: true,
    storeCard: {
      headerFields: [],
      primaryFields: [],
      secondaryFields: [],
      auxiliaryFields: [],
      backFields: [{ key: "voided", value: options.labels.voided }],
    },
  };
}
