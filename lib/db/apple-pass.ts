import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";

// The Apple Wallet pass of a membership (ApplePass; docs/wallet.md), made the
// first time its customer downloads it. Functions that take a userId are
// called with a verified session's user and match it in the statement itself.

export type ApplePassRow = {
  id: string;
  serialNumber: string;
  authenticationToken: string;
  membershipId: string | null;
  businessName: string;
  updatedAt: Date;
  voidedAt: Date | null;
};

export const applePassFields = {
  id: true,
  serialNumber: true,
  authenticationToken: true,
  membershipId: true,
  businessName: true,
  updatedAt: true,
  voidedAt: true,
} as const;

/** A pass's serial number: random (it says nothing about the membership), 32 hex digits. */
export function newSerialNumber(): string {
  return randomBytes(16).toString("hex");
}

/** A pass's own secret, which devices send as "ApplePass <token>": 256 random bits, 43 characters. */
export function newAuthenticationToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The membership's pass, made on its customer's first download; null when
 * the membership is not this user's (or does not exist), and then nothing is
 * written. Two first downloads at once make one row: the insert yields to
 * the membership's unique key, and both read the row that won.
 */
export async function applePassFor(
  userId: string,
  membershipId: string,
): Promise<(ApplePassRow & { businessSlug: string }) | null> {
  // The business's name is kept fresh: it is what the pass shows once voided.
  await db.$executeRaw`
    INSERT INTO "ApplePass" ("id", "serialNumber", "authenticationToken", "membershipId", "businessName")
    SELECT gen_random_uuid()::text, ${newSerialNumber()}, ${newAuthenticationToken()}, m."id", b."name"
    FROM "Membership" m JOIN "Business" b ON b."id" = m."businessId"
    WHERE m."id" = ${membershipId} AND m."userId" = ${userId}
    ON CONFLICT ("membershipId") DO UPDATE SET "businessName" = EXCLUDED."businessName"
    WHERE "ApplePass"."businessName" IS DISTINCT FROM EXCLUDED."businessName"`;
  const row = await db.applePass.findFirst({
    where: { membershipId, membership: { userId } },
    select: { ...applePassFields, membership: { select: { business: { select: { slug: true } } } } },
  });
  if (!row?.membership) return null;
  const { membership, ...pass } = row;
  return { ...pass, businessSlug: membership.business.slug };
}
