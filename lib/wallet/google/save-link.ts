import { SignJWT } from "jose";
import type { KeyObject } from "node:crypto";
import type { LoyaltyClass, LoyaltyObject } from "@/lib/wallet/google/objects";

// The "Add to Google Wallet" link: a JWT the service account signs (RS256)
// carrying the card, which Google's save page reads. Anyone holding the link
// can save this card only, which is why it is made for the signed-in customer
// on request and never stored.

export const SAVE_URL_PREFIX = "https://pay.google.com/gp/v/save/";

export type SaveClaims = {
  iss: string;
  aud: "google";
  typ: "savetowallet";
  iat: number;
  origins: string[];
  payload: { loyaltyClasses?: LoyaltyClass[]; loyaltyObjects: LoyaltyObject[] };
};

export function saveClaimsFor(options: {
  serviceAccountEmail: string;
  siteUrl: string;
  loyaltyClass?: LoyaltyClass;
  loyaltyObject: LoyaltyObject;
  now?: Date;
}): SaveClaims {
  return {
    iss: options.serviceAccountEmail,
    aud: "google",
    typ: "savetowallet",
    iat: Math.floor((options.now ?? new Date()).getTime() / 1000),
    // The sites Google lets show the save flow: ours.
    origins: [options.siteUrl],
    payload: {
      // With the class in it, the first save of a business creates its class too.
      ...(options.loyaltyClass ? { loyaltyClasses: [options.loyaltyClass] } : {}),
      loyaltyObjects: [options.loyaltyObject],
    },
  };
}

/** The signed JWT of `claims` (RS256 with the service account's key). */
export async function signSaveJwt(claims: SaveClaims, privateKey: KeyObject): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: "RS256", typ: "JWT" }).sign(privateKey);
}

export function saveUrlFor(jwt: string): string {
  return `${SAVE_URL_PREFIX}${jwt}`;
}
