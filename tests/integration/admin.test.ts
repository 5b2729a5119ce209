import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/token/route";
import { createRefreshToken } from "@/lib/auth/refresh-tokens";
import { getCurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { ADMIN_PAGE_SIZE, getAdminUserDetail, listUsers } from "@/lib/db/admin";
import { setUserDisabled } from "@/lib/users/set-disabled";
import { adminUserSearchSchema } from "@/lib/validation/admin";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { recordVisit } from "@/lib/tap/record-visit";
import { call } from "../support/api";
import { createBusiness, createUser, uid } from "../support/fixtures";
import { NOT_ALLOWED_MESSAGE } from "@/lib/actions/result";
import { ADMIN_OWN_ACCOUNT_MESSAGE, ADMIN_USER_NOT_FOUND_MESSAGE } from "@/lib/validation/admin";

// The pages' guard reads the session through getCurrentUser (next/headers):
// stand it in, and make notFound() observable.
jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
// The pages are rendered here outside React Server Components: their messages come from the en catalog.
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());
jest.mock("next/navigation", () => ({
  ...jest.requireActual("next/navigation"),
  notFound: jest.fn(() => {
    throw new Error("NEXT_NOT_FOUND");
  }),
}));

afterAll(() => db.$disconnect());

const asViewer = (user: AppUser | null) => jest.mocked(getCurrentUser).mockResolvedValue(user);
const search = (q: string, page = 1) => adminUserSearchSchema.parse({ q, page: String(page) });

async function makeAdmin() {
  const { user } = await createUser({ role: "ADMIN" });
  return (await findActiveUserById(user.id))!;
}

describe("admin user list", () => {
  it("searches by email or name, case-insensitively, and pages through the results", async () => {
    const tag = `find${uid()}`;
    const made = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 3; i++) {
      made.push(
        (await createUser({ email: `${tag}-${i}@example.test`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })).user,
      );
    }
    const { user: byName } = await createUser({
      firstName: "Zelda",
      lastName: `${tag.toUpperCase()}son`,
      name: `Zelda ${tag.toUpperCase()}son`,
    });

    const first = await listUsers(search(tag));
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 4);
    expect(first.pageCount).toBe(2);
    expect(first.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.users[0]?.id).toBe(byName.id); // newest first
    const second = await listUsers(search(tag, 2));
    expect(second.users).toHaveLength(4);
    const seen = new Set([...first.users, ...second.users].map((u) => u.id));
    expect(seen.size).toBe(ADMIN_PAGE_SIZE + 4);

    expect((await listUsers(search(`zelda ${tag}`))).users.map((u) => u.id)).toEqual([byName.id]);
    expect((await listUsers(search(`${tag}-7@`))).users.map((u) => u.email)).toEqual([`${tag}-7@example.test`]);
    expect((await listUsers(search(`nobody-${uid()}`))).total).toBe(0);
  });

  it("odd query strings fall back to the first page", () => {
    expect(adminUserSearchSchema.parse({ q: ["a", "b"], page: "-3" })).toEqual({ q: "", page: 1 });
    expect(adminUserSearchSchema.parse({ q: undefined, page: "abc" })).toEqual({ q: "", page: 1 });
    expect(adminUserSearchSchema.parse({ q: "  ada ", page: "2" })).toEqual({ q: "ada", page: 2 });
  });

  it("a user's page shows their businesses, memberships and recent taps", async () => {
    const { owner, business, tag } = await createBusiness();
    const { user } = await createUser();
    await recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG" });
    const detail = await getAdminUserDetail(user.id);
    expect(detail?.memberships.map((m) => [m.business.name, m.via, m.visitCount])).toEqual([[business.name, "TAP", 1]]);
    expect(detail?.taps.map((t) => [t.business.name, t.tagId])).toEqual([[business.name, tag.id]]);
    expect((await getAdminUserDetail(owner.user.id))?.businesses.map((b) => b.name)).toEqual([business.name]);
    expect(await getAdminUserDetail("not-a-uuid")).toBeNull();
    expect(detail).not.toHaveProperty("passwordHash");
  });
});

describe("disabling and enabling an account", () => {
  it("a disabled account's tokens stop working; enabled again, they work", async () => {
    const admin = await makeAdmin();
    const { user, bearer } = await createUser();
    const refreshToken = await createRefreshToken(user.id);
    expect((await call(me, "GET", "/api/auth/me", { bearer })).status).toBe(200);

    const disabled = await setUserDisabled(admin.id, user.id, true);
    expect(disabled).toMatchObject({ ok: true, disabledAt: expect.any(Date) });
    expect((await call(me, "GET", "/api/auth/me", { bearer })).status).toBe(401);
    const renewed = await call(refresh, "POST", "/api/auth/token", {
      query: { grant_type: "refresh_token" },
      body: { refresh_token: refreshToken },
    });
    expect(renewed.status).toBe(400);

    expect(await setUserDisabled(admin.id, user.id, false)).toEqual({ ok: true, disabledAt: null });
    expect((await call(me, "GET", "/api/auth/me", { bearer })).status).toBe(200);
  });

  it("an admin cannot disable themselves; a non-admin cannot disable anyone", async () => {
    const admin = await makeAdmin();
    const { user: customer } = await createUser();
    const { user: victim } = await createUser();
    expect(await setUserDisabled(admin.id, admin.id, true)).toEqual({
      ok: false,
      error: ADMIN_OWN_ACCOUNT_MESSAGE,
    });
    expect(await setUserDisabled(customer.id, victim.id, true)).toEqual({ ok: false, error: NOT_ALLOWED_MESSAGE });
    expect((await db.user.findUniqueOrThrow({ where: { id: victim.id } })).disabledAt).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).disabledAt).toBeNull();
    expect(await setUserDisabled(admin.id, "0196f1a2-7b3c-7d4e-8f90-123456789abc", true)).toEqual({
      ok: false,
      error: ADMIN_USER_NOT_FOUND_MESSAGE,
    });
  });

  it("a disabled admin is no longer an admin", async () => {
    const admin = await makeAdmin();
    const other = await makeAdmin();
    const { user } = await createUser();
    await setUserDisabled(other.id, admin.id, true);
    expect(await setUserDisabled(admin.id, user.id, true)).toEqual({ ok: false, error: NOT_ALLOWED_MESSAGE });
  });
});

describe("admin pages", () => {
  // Imported lazily so the mocks above are in place.
  const pages = async () => ({
    layout: (await import("@/app/(site)/[locale]/admin/layout")).default,
    list: (await import("@/app/(site)/[locale]/admin/users/page")).default,
    detail: (await import("@/app/(site)/[locale]/admin/users/[id]/page")).default,
  });

  it("are not found for a visitor and for a signed-in customer", async () => {
    const { layout, list, detail } = await pages();
    const { user } = await createUser();
    const customer = (await findActiveUserById(user.id))!;
    for (const viewer of [null, customer]) {
      asViewer(viewer);
      await expect(layout({ children: null })).rejects.toThrow("NEXT_NOT_FOUND");
      await expect(list({ searchParams: Promise.resolve({}) })).rejects.toThrow("NEXT_NOT_FOUND");
      await expect(detail({ params: Promise.resolve({ id: user.id }) })).rejects.toThrow("NEXT_NOT_FOUND");
    }
  });

  it("render for an admin; an unknown user id is not found", async () => {
    const { layout, list, detail } = await pages();
    const admin = await makeAdmin();
    asViewer(admin);
    await expect(layout({ children: null })).resolves.toBeTruthy();
    await expect(list({ searchParams: Promise.resolve({ q: admin.email ?? "" }) })).resolves.toBeTruthy();
    await expect(detail({ params: Promise.resolve({ id: admin.id }) })).resolves.toBeTruthy();
    await expect(detail({ params: Promise.resolve({ id: "0196f1a2-7b3c-7d4e-8f90-123456789abc" }) })).rejects.toThrow(
      "NEXT_NOT_FOUND",
    );
  });
});
