import "server-only";
import { db } from "@/lib/db";

// Passkeys (WebAuthn credentials) and the spent challenges of their ceremonies
// (docs/authentication.md, "Passkeys"). Deciding and wording are lib/auth/passkeys.ts.

export type PasskeyRow = {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: bigint;
  transports: string[];
};

/** What Settings lists: never the key. */
export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

export function listPasskeys(userId: string): Promise<PasskeySummary[]> {
  return db.passkey.findMany({
    where: { userId },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: "asc" },
  });
}

/** The account's credentials, so an authenticator that holds one already is not registered twice. */
export function passkeyCredentials(userId: string): Promise<{ credentialId: string; transports: string[] }[]> {
  return db.passkey.findMany({ where: { userId }, select: { credentialId: true, transports: true } });
}

export function findPasskeyByCredentialId(credentialId: string): Promise<PasskeyRow | null> {
  return db.passkey.findUnique({
    where: { credentialId },
    select: { id: true, userId: true, credentialId: true, publicKey: true, counter: true, transports: true },
  });
}

/** The account a passkey ceremony is for: whether it is a guest, and what it can sign in with. */
export function findPasskeyAccount(userId: string) {
  return db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, guest: true, disabledAt: true },
  });
}

/**
 * Spends a ceremony's challenge: true the first time, false ever after (the
 * primary key refuses a second row, however many requests race). Rows of
 * expired challenges are deleted on the way: an expired challenge is refused
 * before it gets here.
 */
export async function spendChallenge(hash: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.spentWebAuthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
  const { count } = await db.spentWebAuthnChallenge.createMany({
    data: [{ challengeHash: hash, expiresAt }],
    skipDuplicates: true,
  });
  return count === 1;
}

export type NewPasskey = {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
};

/**
 * Stores a verified passkey for its account. A guest that saves one keeps its
 * card: in the same transaction it becomes an account (guest = false, still
 * without email or password), which the sweep of idle guests leaves alone.
 * null when the credential is registered already (to any account).
 */
export async function insertPasskey(userId: string, passkey: NewPasskey, now: Date): Promise<{ id: string } | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.passkey.createManyAndReturn({
      data: [
        {
          userId,
          ...passkey,
          publicKey: Buffer.from(passkey.publicKey),
          counter: BigInt(passkey.counter),
          createdAt: now,
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    if (rows.length === 0) return null;
    await tx.user.updateMany({ where: { id: userId, guest: true }, data: { guest: false } });
    return rows[0]!;
  });
}

/**
 * Records a verified sign-in (or confirmation) with a passkey, in one
 * statement per row: the counter only moves forward (an authenticator that
 * keeps none sends 0 every time; one that went backwards or repeated itself is
 * a cloned key or a replay, and is refused), `lastUsedAt` is now, and the
 * account counts as just re-authenticated. null when the counter check
 * failed or the account is disabled or gone.
 */
export async function recordPasskeyUse(
  passkeyId: string,
  newCounter: number,
  now: Date,
): Promise<{ userId: string } | null> {
  return db
    .$transaction(async (tx) => {
      const used = await tx.$queryRaw<{ userId: string }[]>`
      UPDATE "Passkey" SET "counter" = ${BigInt(newCounter)}, "lastUsedAt" = ${now}
      WHERE "id" = ${passkeyId}
        AND ("counter" < ${BigInt(newCounter)} OR ("counter" = 0 AND ${BigInt(newCounter)} = 0))
      RETURNING "userId"`;
      const userId = used[0]?.userId;
      if (!userId) return null;
      const { count } = await tx.user.updateMany({
        where: { id: userId, disabledAt: null },
        data: { reauthenticatedAt: now },
      });
      if (count === 0) throw new DisabledAccount();
      return { userId };
    })
    .catch((error: unknown) => {
      if (error instanceof DisabledAccount) return null;
      throw error;
    });
}

class DisabledAccount extends Error {}

export type RemovePasskeyResult = "removed" | "not-found" | "last-sign-in";

/**
 * Removes one of the owner's passkeys, unless it is the account's last way to
 * sign in: no password, no email (a mailed link), no Google link and no other
 * passkey. The account's row is locked first, so two removals of an account's
 * last two passkeys run one after the other and the second sees the first
 * gone (each statement of the transaction reads what is committed by then).
 * Someone else's passkey is "not-found", like a missing one.
 */
export async function removePasskey(userId: string, passkeyId: string): Promise<RemovePasskeyResult> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const removed = await tx.$executeRaw`
      DELETE FROM "Passkey" p
      WHERE p."id" = ${passkeyId} AND p."userId" = ${userId}
        AND (
          EXISTS (SELECT 1 FROM "User" u WHERE u."id" = ${userId} AND (u."passwordHash" IS NOT NULL OR u."email" IS NOT NULL))
          OR EXISTS (SELECT 1 FROM "Account" a WHERE a."userId" = ${userId})
          OR EXISTS (SELECT 1 FROM "Passkey" o WHERE o."userId" = ${userId} AND o."id" <> p."id")
        )`;
    if (removed === 1) return "removed";
    const mine = await tx.passkey.count({ where: { id: passkeyId, userId } });
    return mine === 1 ? "last-sign-in" : "not-found";
  });
}
