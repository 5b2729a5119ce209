import { claimTagAction } from "@/lib/actions/tag-claim";
import { changePasswordAction, deleteAccountAction, setLanguageAction } from "@/lib/actions/settings";
import { acceptStaffInviteAction } from "@/lib/actions/staff-accept";
import { addBusinessAction } from "@/lib/actions/register-business";
import { POST as updatePassword } from "@/app/api/auth/update-password/route";
import { getCurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { call } from "../support/api";
import { createBusiness, uid } from "../support/fixtures";

// What a guest card (docs/authentication.md, "Guests") may and may not do through
// the server actions: no business, staff place or password (an account's), but
// its language, and deleting the card with the confirmation alone.

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
const jar = { set: jest.fn() };
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(async () => new Headers({ "x-loyaltap-client-ip": "10.9.9.9" })),
  cookies: jest.fn(async () => jar),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

afterAll(() => db.$disconnect());

const KEEP_FIRST = /Keep your card first/;

async function signedInGuest(): Promise<AppUser> {
  const row = await db.user.create({ data: { guest: true, language: "en" } });
  const user = (await findActiveUserById(row.id))!;
  jest.mocked(getCurrentUser).mockResolvedValue(user);
  return user;
}

describe("a guest card", () => {
  it("cannot add a business: 'Keep your card first', nothing created", async () => {
    const guest = await signedInGuest();
    const result = await addBusinessAction({
      business: `Guest Bar ${uid()}`,
      business_profile: { keywords: ["Bar"], phone: "+34 600 000 001", address: "Carrer 1" },
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(KEEP_FIRST) });
    expect(await db.business.count({ where: { ownerId: guest.id } })).toBe(0);
  });

  it("cannot claim a tag, even for a business id it names", async () => {
    const { business } = await createBusiness();
    await signedInGuest();
    const result = await claimTagAction({ tagId: `g-${uid()}`, businessId: business.id });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(KEEP_FIRST) });
  });

  it("cannot accept a staff invitation or set a password (form and API)", async () => {
    const guest = await signedInGuest();
    expect(await acceptStaffInviteAction("x".repeat(43))).toMatchObject({
      ok: false,
      error: expect.stringMatching(KEEP_FIRST),
    });
    expect(
      await changePasswordAction({
        currentPassword: "",
        password: "a new password 1",
        confirmPassword: "a new password 1",
      }),
    ).toMatchObject({ ok: false, error: expect.stringMatching(KEEP_FIRST) });
    const { encodeSessionToken } = await import("@/lib/auth/session-cookie");
    const cookie = `authjs.session-token=${await encodeSessionToken({ ...guest, role: "CUSTOMER" })}`;
    const api = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { password: "a new password 1" },
      cookie,
    });
    expect(api.status).toBe(403);
    expect(api.json.code).toBe("guest_card");
    expect((await db.user.findUnique({ where: { id: guest.id } }))?.passwordHash).toBeNull();
  });

  it("sets its language", async () => {
    const guest = await signedInGuest();
    expect(await setLanguageAction({ language: "ca" })).toEqual({ ok: true });
    expect((await db.user.findUnique({ where: { id: guest.id } }))?.language).toBe("ca");
  });

  it("is deleted with the confirmation alone (no password, no mailed link), and its session cookie is cleared", async () => {
    const guest = await signedInGuest();
    jar.set.mockClear();
    expect(await deleteAccountAction({ password: "" })).toEqual({ ok: true });
    expect(await db.user.findUnique({ where: { id: guest.id } })).toBeNull();
    expect(jar.set.mock.calls.some(([, value]) => value === "")).toBe(true);
  });
});
