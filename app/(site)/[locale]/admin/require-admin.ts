import "server-only";
import { notFound } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/current-user";
import { isAdmin } from "@/lib/auth/roles";

/**
 * The admin pages' own guard (the proxy only sends visitors to login): anyone
 * but an ADMIN gets the plain not-found screen, no hint that /admin exists.
 */
export async function requireAdmin() {
  const user = await getCurrentUser();
  if (!user || !isAdmin(user)) notFound();
  return user;
}
