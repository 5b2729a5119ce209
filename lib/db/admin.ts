import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { db, Prisma } from "@/lib/db";
import { publicUserSelect } from "@/lib/db/users";
import { adminUserIdSchema, type AdminUserSearch } from "@/lib/validation/admin";

// /admin/users (role ADMIN only). The pages check the role before calling
// these; the one write, lib/users/set-disabled.ts, checks it again against the
// database (the inputs: lib/validation/admin.ts).

export const ADMIN_PAGE_SIZE = 20;

export async function listUsers({ q, page }: AdminUserSearch) {
  const where: Prisma.UserWhereInput = q
    ? {
        OR: [
          { email: { contains: q, mode: "insensitive" } },
          { name: { contains: q, mode: "insensitive" } },
          { firstName: { contains: q, mode: "insensitive" } },
          { lastName: { contains: q, mode: "insensitive" } },
        ],
      }
    : {};
  const [total, users] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ADMIN_PAGE_SIZE,
      take: ADMIN_PAGE_SIZE,
      select: { ...publicUserSelect, _count: { select: { businesses: true, memberships: true } } },
    }),
  ]);
  return { users, total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
}

export type AdminUserRow = Awaited<ReturnType<typeof listUsers>>["users"][number];

/** One user's profile, businesses, memberships and most recent visits, or null. */
export async function getAdminUserDetail(id: string) {
  if (!adminUserIdSchema.safeParse(id).success) return null;
  return db.user.findUnique({
    where: { id },
    select: {
      ...publicUserSelect,
      referredBy: { select: { id: true, email: true, name: true } },
      businesses: { orderBy: { createdAt: "asc" }, select: { id: true, name: true, slug: true, createdAt: true } },
      memberships: {
        orderBy: { linkedAt: "desc" },
        take: 100,
        select: {
          id: true,
          via: true,
          linkedAt: true,
          visitCount: true,
          lastVisitAt: true,
          business: { select: { id: true, name: true } },
        },
      },
      taps: {
        orderBy: { createdAt: "desc" },
        take: 20,
        select: {
          id: true,
          createdAt: true,
          source: true,
          tagId: true,
          business: { select: { id: true, name: true } },
        },
      },
    },
  });
}

export type AdminUserDetail = NonNullable<Awaited<ReturnType<typeof getAdminUserDetail>>>;

/** What the role rule (lib/auth/roles.ts, isAdmin) reads of the acting account; null when it is gone. */
export function findRoleOf(userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { role: true, disabledAt: true } });
}

export type DisabledWrite =
  { ok: true; changed: boolean; disabledAt: Date | null } | { ok: false; code: "userNotFound" };

/**
 * Disables an account or enables it again; disabling keeps the first
 * disabledAt if it was already disabled (changed: false, its disabledAt as
 * it is). A disabled owner's businesses are withdrawn from the public pages
 * (card, tap landing, sitemap) until the account is enabled again, so their
 * cached renders are expired here (docs/caching.md).
 */
export async function writeUserDisabled(targetId: string, disabled: boolean, now: Date): Promise<DisabledWrite> {
  const disabledAt = disabled ? now : null;
  const { count } = await db.user.updateMany({
    where: disabled ? { id: targetId, disabledAt: null } : { id: targetId },
    data: { disabledAt },
  });
  if (count === 0) {
    const target = await db.user.findUnique({ where: { id: targetId }, select: { disabledAt: true } });
    if (!target) return { ok: false, code: "userNotFound" };
    return { ok: true, changed: false, disabledAt: target.disabledAt };
  }
  const owned = await db.business.findMany({ where: { ownerId: targetId }, select: { id: true } });
  if (owned.length) expireTags(...owned.map((b) => cacheTags.business(b.id)), cacheTags.sitemap);
  return { ok: true, changed: true, disabledAt };
}
