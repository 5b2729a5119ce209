// Who may use /admin: an enabled account whose role is ADMIN. Pure; the
// action builder, the admin pages and the one admin write all ask it.

export function isAdmin(user: { role: string; disabledAt?: Date | null } | null | undefined): boolean {
  return Boolean(user && user.role === "ADMIN" && !user.disabledAt);
}

/** What the admin pages call an account: an admin, a business owner (owns a business), or a customer. */
export type AccountKind = "admin" | "owner" | "customer";

export function accountKind(user: { role: string }, businessCount: number): AccountKind {
  if (user.role === "ADMIN") return "admin";
  return businessCount > 0 ? "owner" : "customer";
}
