// Who may use /admin: an enabled account whose role is ADMIN. Pure; the
// action builder, the admin pages and the one admin write all ask it.

export function isAdmin(user: { role: string; disabledAt?: Date | null } | null | undefined): boolean {
  return Boolean(user && user.role === "ADMIN" && !user.disabledAt);
}
