import "server-only";
import { db } from "@/lib/db";

// What the app may show about a user: never the password hash.
export const publicUserSelect = {
  id: true,
  email: true,
  phone: true,
  name: true,
  firstName: true,
  lastName: true,
  image: true,
  birthday: true,
  referredById: true,
  role: true,
  notificationsEnabled: true,
  language: true,
  disabledAt: true,
  emailVerified: true,
  // Compared with the version a session or token carries: a bump voids them.
  sessionVersion: true,
  // A guest card (docs/authentication.md, "Guests"): no email, password or name.
  guest: true,
  createdAt: true,
} as const;

export async function findActiveUserById(id: string) {
  const user = await db.user.findUnique({ where: { id }, select: publicUserSelect });
  return user && !user.disabledAt ? user : null;
}

export type AppUser = NonNullable<Awaited<ReturnType<typeof findActiveUserById>>>;

export function findUserForLogin(email: string) {
  return db.user.findUnique({
    where: { email },
    select: { ...publicUserSelect, passwordHash: true },
  });
}

/** Whether the account has a password (accounts made with Google sign-in have none until they set one). */
export async function userHasPassword(id: string): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id }, select: { passwordHash: true } });
  return Boolean(row?.passwordHash);
}

/**
 * An account's language setting and what decides whether a session still speaks
 * for it: the one read the proxy makes on a signed-in site page (docs/i18n.md).
 */
export function findUserLanguage(id: string) {
  return db.user.findUnique({ where: { id }, select: { language: true, sessionVersion: true, disabledAt: true } });
}
