import type { CardLabels, PassContent } from "@/lib/db/wallet-pass";
import { cardNumberFor } from "@/lib/loyalty/card-number";

// What a membership's card is in Google Wallet, as the Google Wallet REST API
// (walletobjects v1) takes it: one loyalty class per business (its name, logo
// and colour, shared by every member) and one loyalty object per membership
// (the customer's balance, rewards ready and personal QR). Pure: the same
// mapping serves the save link (signed here too) and the updates the job sends.

export type LoyaltyObjectState = "ACTIVE" | "INACTIVE";

/** The words on the card, in the customer's language (the googleWallet catalog). */
export type PassLabels = CardLabels;

type Image = { sourceUri: { uri: string } };
type LoyaltyPoints = { label: string; balance: { string: string } | { int: number } };

export type LoyaltyClass = {
  id: string;
  issuerName: string;
  programName: string;
  programLogo: Image;
  hexBackgroundColor: string;
  reviewStatus: "UNDER_REVIEW";
  homepageUri: { uri: string; description: string };
};

export type LoyaltyObject = {
  id: string;
  classId: string;
  state: LoyaltyObjectState;
  accountId: string;
  accountName?: string;
  loyaltyPoints?: LoyaltyPoints;
  secondaryLoyaltyPoints: LoyaltyPoints;
  barcode: { type: "QR_CODE"; value: string };
  textModulesData?: { id: string; header: string; body: string }[];
  linksModuleData: { uris: { id: string; uri: string; description: string }[] };
};

/** An id part as Google allows it after the issuer id: letters, digits, '.', '_' and '-' only. */
export function sanitiseIdPart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, "_");
}

/** The business's loyalty class: `<issuerId>.<business id>` (the id never changes, unlike the slug). */
export function classIdFor(issuerId: string, businessId: string): string {
  return `${issuerId}.${sanitiseIdPart(businessId)}`;
}

/** The membership's loyalty object: `<issuerId>.<membership id>`. */
export function objectIdFor(issuerId: string, membershipId: string): string {
  return `${issuerId}.${sanitiseIdPart(membershipId)}`;
}

/** "#abc" → "#aabbcc"; Google's colour fields take the six-digit form. */
export function sixDigitHex(color: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const hex = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color;
  return /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : "#4f46e5";
}

/** An absolute URL for Google to fetch: the business's logo (a path is taken on our site), else the app's icon. */
export function logoUrlFor(logoUrl: string | null, siteUrl: string): string {
  if (logoUrl) {
    try {
      const url = new URL(logoUrl, `${siteUrl}/`);
      if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
    } catch {
      // Not a URL: the app's icon below.
    }
  }
  return `${siteUrl}/icons/icon-512.png`;
}

type ClassContent = Pick<PassContent, "businessId" | "businessName" | "logoUrl" | "theme" | "businessUrl">;

export function loyaltyClassFor(content: ClassContent, options: { issuerId: string; siteUrl: string }): LoyaltyClass {
  return {
    id: classIdFor(options.issuerId, content.businessId),
    issuerName: content.businessName,
    programName: content.businessName,
    programLogo: { sourceUri: { uri: logoUrlFor(content.logoUrl, options.siteUrl) } },
    hexBackgroundColor: sixDigitHex(content.theme.primaryColor),
    // A class is inserted for review; Google approves loyalty classes of an approved issuer itself.
    reviewStatus: "UNDER_REVIEW",
    homepageUri: { uri: content.businessUrl, description: content.businessName },
  };
}

/**
 * The main program's balance as the card's big number: stamps as "3/10",
 * points and visits as their count, any other type as "current/target" (or the
 * count when it counts towards nothing). No running program: no balance.
 */
export function loyaltyPointsFor(program: PassContent["mainProgram"], labels: PassLabels): LoyaltyPoints | undefined {
  if (!program) return undefined;
  const { current, target } = program.progress;
  switch (program.type) {
    case "stamps":
      return { label: labels.stamps, balance: { string: `${current}/${target ?? current}` } };
    case "points":
      return { label: labels.points, balance: { int: current } };
    case "visits":
      return { label: labels.visits, balance: { int: current } };
    default:
      return {
        label: labels.progress,
        balance: target === null ? { int: current } : { string: `${current}/${target}` },
      };
  }
}

/** The card's number as Google's account id (lib/loyalty/card-number.ts). */
export const accountIdFor = cardNumberFor;

type ObjectContent = Pick<
  PassContent,
  | "membershipId"
  | "businessId"
  | "businessName"
  | "customerName"
  | "mainProgram"
  | "readyRewards"
  | "qrPayload"
  | "businessUrl"
  | "closed"
>;

export function loyaltyObjectFor(
  content: ObjectContent,
  options: {
    issuerId: string;
    labels: PassLabels;
    state?: LoyaltyObjectState;
    /** While the business is closed for the season: its header and "Closed until 1 March", in the customer's language. */
    closed?: { header: string; body: string };
  },
): LoyaltyObject {
  const { labels } = options;
  const points = loyaltyPointsFor(content.mainProgram, labels);
  const name = content.customerName?.trim();
  return {
    id: objectIdFor(options.issuerId, content.membershipId),
    classId: classIdFor(options.issuerId, content.businessId),
    state: options.state ?? "ACTIVE",
    accountId: accountIdFor(content.membershipId),
    ...(name ? { accountName: name } : {}),
    ...(points ? { loyaltyPoints: points } : {}),
    secondaryLoyaltyPoints: { label: labels.rewardsReady, balance: { int: content.readyRewards } },
    // The customer's personal QR, the one the counter scans (/qr/<userId>).
    barcode: { type: "QR_CODE", value: content.qrPayload },
    ...textModulesOf(content, labels, options.closed),
    linksModuleData: { uris: [{ id: "business", uri: content.businessUrl, description: labels.businessPage }] },
  };
}

/**
 * The card's text modules: the closed-for-the-season notice first while closed,
 * then the main program's reward. A card known to be open (closed: null) sends
 * its list even when empty: a patch keeps any field it does not send, and the
 * notice must go once the business reopens.
 */
function textModulesOf(
  content: Pick<ObjectContent, "mainProgram" | "closed">,
  labels: PassLabels,
  closed: { header: string; body: string } | undefined,
): Pick<LoyaltyObject, "textModulesData"> {
  const modules = [
    ...(content.closed && closed ? [{ id: "closed", header: closed.header, body: closed.body }] : []),
    ...(content.mainProgram
      ? [
          {
            id: "program",
            header: content.mainProgram.name,
            body: `${labels.reward}: ${content.mainProgram.rewardName}`,
          },
        ]
      : []),
  ];
  return modules.length || content.closed === null ? { textModulesData: modules } : {};
}
