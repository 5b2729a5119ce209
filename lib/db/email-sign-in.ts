import "server-only";
import { db, Prisma } from "@/lib/db";
import { publicUserSelect, type AppUser } from "@/lib/db/users";
import type { Locale } from "@/lib/i18n/locales";
import { prismaExecutor, type InTransaction } from "@/lib/db/sql";

// Statements of the emailed sign-in link (docs/authentication.md, "Signing in
// with an emailed link"). Links are keyed by address: the address may have no
// account until the link is opened.

type Tx = Prisma.TransactionClient;

/** Stores a new link for `email`, voiding the address's older unused ones, in one transaction. */
export async function storeEmailSignInToken(
  link: { email: string; tokenHash: string; redirect: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.$transaction([
    db.emailSignInToken.updateMany({ where: { email: link.email, usedAt: null }, data: { usedAt: now } }),
    db.emailSignInToken.create({ data: { ...link, createdAt: now } }),
  ]);
}

/** A stored link whatever its state (for "Send a new link" and the page's first look), or null. */
export function findEmailSignInToken(tokenHash: string) {
  return db.emailSignInToken.findUnique({
    where: { tokenHash },
    select: { email: true, redirect: true, usedAt: true, expiresAt: true },
  });
}

/** The account of an address, for choosing a mail's language and skipping disabled accounts. */
export function findAccountByEmail(email: string) {
  return db.user.findUnique({ where: { email }, select: { id: true, language: true, disabledAt: true } });
}

export type SpentLink =
  | { ok: true; user: AppUser; redirect: string | null; created: boolean }
  | { ok: false; reason: "invalid" | "disabled" };

/**
 * Spends a link and finds or creates its address's account, in one
 * transaction. The link is spent by one conditional UPDATE (unused and not
 * expired at `now`): of any number of requests with the same token, one gets
 * the row and the others nothing. An address without an account gets one
 * (no password, email confirmed now, `language`, role CUSTOMER) by an INSERT
 * that does nothing on a conflict, so two links of one new address opened at
 * once end in one account. An existing account's email counts as confirmed.
 * A new account's id goes to `created` in the same transaction.
 */
export async function spendEmailSignInToken(
  tokenHash: string,
  language: Locale,
  now: Date,
  created: InTransaction<string>,
): Promise<SpentLink> {
  return db.$transaction(async (tx) => {
    const spent = await tx.emailSignInToken.updateManyAndReturn({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { email: true, redirect: true },
    });
    const link = spent[0];
    if (!link) return { ok: false, reason: "invalid" };
    const made = await createLinkAccount(tx, link.email, language, now);
    if (made) await created(prismaExecutor(tx), made.id);
    const user = made ?? (await tx.user.findUnique({ where: { email: link.email }, select: publicUserSelect }));
    if (!user) return { ok: false, reason: "invalid" };
    if (user.disabledAt) return { ok: false, reason: "disabled" };
    if (!made && !user.emailVerified) {
      await tx.user.updateMany({ where: { id: user.id, emailVerified: null }, data: { emailVerified: now } });
    }
    return {
      ok: true,
      user: { ...user, emailVerified: user.emailVerified ?? now },
      redirect: link.redirect,
      created: Boolean(made),
    };
  });
}

/** The new account of an address, or null when the address has one already (ON CONFLICT DO NOTHING). */
async function createLinkAccount(tx: Tx, email: string, language: Locale, now: Date): Promise<AppUser | null> {
  const rows = await tx.user.createManyAndReturn({
    data: [{ email, emailVerified: now, language, passwordHash: null, role: "CUSTOMER" }],
    skipDuplicates: true,
    select: publicUserSelect,
  });
  return rows[0] ?? null;
}
