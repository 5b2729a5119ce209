import "server-only";
import { db, Prisma } from "@/lib/db";
import { prismaExecutor, type InTransaction } from "@/lib/db/sql";
import type { Locale } from "@/lib/i18n/locales";
import type { BirthdayInput, ProfileSettingsInput } from "@/lib/validation/settings";

// The signed-in user's own settings (/dashboard/settings). Every function takes
// the id of a verified session's user; inputs are already parsed by
// lib/validation/settings.

export async function updateProfileSettings(userId: string, input: ProfileSettingsInput) {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  await db.user.update({
    where: { id: userId },
    data: {
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      birthday: input.birthday ? new Date(`${input.birthday}T00:00:00Z`) : null,
    },
  });
}

/** The birthday a birthday program asked for (validated by birthdaySchema); the rest of the profile stays. */
export async function setBirthday(userId: string, input: BirthdayInput) {
  await db.user.update({ where: { id: userId }, data: { birthday: new Date(`${input.birthday}T00:00:00Z`) } });
}

export async function setNotificationsEnabled(userId: string, enabled: boolean) {
  await db.user.update({ where: { id: userId }, data: { notificationsEnabled: enabled } });
}

/** Deleted, or refused: the account owns businesses (their names, oldest first). */
export type DeleteAccountRowsResult = { ok: true } | { ok: false; code: "ownsBusinesses"; businesses: string[] };

/**
 * Deletes the account and the personal data tied to it. Businesses keep their
 * aggregate counts: the schema turns the user's taps and rewards anonymous
 * (userId SET NULL) while memberships, progress, sessions and tokens go with
 * the user. An owner of a business can't be deleted (the business would lose
 * its owner). `beforeCommit` runs first in the deletion's transaction, while
 * the account's memberships still exist.
 */
export async function deleteAccountRows(
  userId: string,
  beforeCommit: InTransaction<{ userId: string }>,
): Promise<DeleteAccountRowsResult> {
  const owned = await ownedBusinessNames(userId);
  if (owned.length > 0) return { ok: false, code: "ownsBusinesses", businesses: owned };
  try {
    await db.$transaction(async (tx) => {
      await beforeCommit(prismaExecutor(tx), { userId });
      // Per-day tap-limit counters name the user but have no foreign key.
      await tx.dailyTapCount.deleteMany({ where: { userId } });
      // Sign-in links are keyed by address, not by account: an unused one would make the account again.
      const deleted = await tx.user.delete({ where: { id: userId }, select: { email: true } });
      if (deleted.email) await tx.emailSignInToken.deleteMany({ where: { email: deleted.email } });
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError) {
      // P2003: a business was created meanwhile (owner is ON DELETE RESTRICT).
      if (error.code === "P2003")
        return { ok: false, code: "ownsBusinesses", businesses: await ownedBusinessNames(userId) };
      // P2025: already gone.
      if (error.code === "P2025") return { ok: true };
    }
    throw error;
  }
}

async function ownedBusinessNames(userId: string): Promise<string[]> {
  const businesses = await db.business.findMany({
    where: { ownerId: userId },
    select: { name: true },
    orderBy: { createdAt: "asc" },
  });
  return businesses.map((b) => b.name);
}

/** The person's own language (validated by languageSettingsSchema). */
export async function setLanguage(userId: string, language: Locale) {
  await db.user.update({ where: { id: userId }, data: { language } });
}
