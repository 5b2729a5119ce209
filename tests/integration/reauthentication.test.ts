import { confirmIdentityAction } from "@/lib/actions/confirm-identity";
import { changePasswordAction, deleteAccountAction, requestReauthLinkAction } from "@/lib/actions/settings";
import { POST as updatePassword } from "@/app/api/auth/update-password/route";
import { getCurrentUser } from "@/lib/auth/current-user";
import { signAccessToken } from "@/lib/auth/tokens";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { reauthenticationLinkUsable } from "@/lib/auth/reauthentication";
import { db } from "@/lib/db";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { setMailer, type Mail } from "@/lib/mail";
import { call } from "../support/api";
import { createBusiness, createUser } from "../support/fixtures";

// Re-authentication for sensitive actions, through the settings' server actions
// on the real database: deleting the account and setting a first password ask
// again for the current password, or, without one, for a mailed one-time link
// opened in the last 10 minutes. The session, the request's headers (client
// address, test clock) and the cookie jar are stood in; mails are read from an
// in-memory outbox.

process.env.LOYALTAP_TEST_CLOCK = "1";

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
// Counters and links are stored with the request's time: starting from the real
// time keeps an earlier run's rows out of this one's windows.
const START = Date.now();
const request = { ip: "", now: new Date(START).toISOString() };
const jar = { set: jest.fn() };
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(async () => new Headers({ "x-loyaltap-client-ip": request.ip, "x-loyaltap-now": request.now })),
  cookies: jest.fn(async () => jar),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

const PASSWORD = "correct horse battery";
let outbox: Mail[] = [];
let ipCounter = 0;
const RUN = `${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

beforeEach(() => {
  jar.set.mockClear();
  outbox = [];
  setMailer({ send: async (mail) => void outbox.push(mail) });
  // Every test from its own address, so the sign-in limits of one do not reach another.
  ipCounter += 1;
  request.ip = `10.${RUN}.${ipCounter}`;
  request.now = new Date(START).toISOString();
});
afterAll(async () => {
  setMailer(null);
  await db.$disconnect();
});

/** Moves the requests' clock by `ms` from the start of the test. */
function clockAt(ms: number) {
  request.now = new Date(START + ms).toISOString();
}

async function signedIn(options: { password?: string; language?: string } = {}): Promise<AppUser> {
  const { user } = await createUser({
    language: options.language ?? "en",
    passwordHash: options.password ? await hashPassword(options.password) : null,
  });
  const found = (await findActiveUserById(user.id))!;
  jest.mocked(getCurrentUser).mockResolvedValue(found);
  return found;
}

const exists = async (id: string) => (await db.user.findUnique({ where: { id } })) !== null;
const sessionCookieCleared = () => jar.set.mock.calls.some(([, value]) => value === "");

/** The token of the last re-authentication mail to `email`. */
function mailedToken(email: string): string {
  const mail = outbox.filter((m) => m.to === email).at(-1)!;
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.pathname).toBe("/auth/confirm-identity");
  return link.searchParams.get("token")!;
}

async function confirmByMail(user: AppUser): Promise<string> {
  expect(await requestReauthLinkAction()).toEqual({
    ok: true,
    message: `We sent a link to ${user.email}. It works once, for 15 minutes.`,
  });
  const token = mailedToken(user.email!);
  expect(await confirmIdentityAction(token)).toEqual({ ok: true });
  return token;
}

describe("deleting the account asks again who it is", () => {
  it("is refused without the password, and nothing is deleted", async () => {
    const user = await signedIn({ password: PASSWORD });
    expect(await deleteAccountAction({})).toEqual({
      ok: false,
      error: "Enter your current password to confirm it's you.",
      code: "reauthentication_required",
    });
    expect(await deleteAccountAction({ password: "" })).toMatchObject({ ok: false, code: "reauthentication_required" });
    expect(await exists(user.id)).toBe(true);
    expect(sessionCookieCleared()).toBe(false);
  });

  it("is refused with a wrong password, and nothing is deleted", async () => {
    const user = await signedIn({ password: PASSWORD });
    expect(await deleteAccountAction({ password: "not my password" })).toEqual({
      ok: false,
      error: "Your current password is not correct.",
      code: "wrong_password",
    });
    expect(await exists(user.id)).toBe(true);
    expect(sessionCookieCleared()).toBe(false);
  });

  it("is done with the right password, and the session cookie goes", async () => {
    const user = await signedIn({ password: PASSWORD });
    expect(await deleteAccountAction({ password: PASSWORD })).toEqual({ ok: true });
    expect(await exists(user.id)).toBe(false);
    expect(sessionCookieCleared()).toBe(true);
  });

  it("an owner still hears why not after the right password", async () => {
    const owner = await createBusiness();
    await db.user.update({ where: { id: owner.owner.user.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
    jest.mocked(getCurrentUser).mockResolvedValue((await findActiveUserById(owner.owner.user.id))!);
    expect(await deleteAccountAction({ password: PASSWORD })).toMatchObject({ ok: false });
    expect(await exists(owner.owner.user.id)).toBe(true);
  });

  it("guessing the password runs into the sign-in limits: after 10 wrong ones even the right one waits", async () => {
    const user = await signedIn({ password: PASSWORD });
    for (let i = 0; i < 10; i += 1)
      expect(await deleteAccountAction({ password: `guess ${i}` })).toMatchObject({ code: "wrong_password" });
    expect(await deleteAccountAction({ password: PASSWORD })).toEqual({
      ok: false,
      error: "Too many failed attempts. Please try again in 15 minutes.",
      code: "too_many_attempts",
    });
    expect(await exists(user.id)).toBe(true);
  });

  it("without a password it needs a mailed link, opened within 10 minutes", async () => {
    const user = await signedIn();
    expect(await deleteAccountAction({})).toEqual({
      ok: false,
      error: "Confirm it's you first: ask for a confirmation link by email, open it, then try again within 10 minutes.",
      code: "reauthentication_required",
    });
    // A typed password cannot stand in for the link on an account that has none.
    expect(await deleteAccountAction({ password: "anything" })).toMatchObject({ ok: false, code: "wrong_password" });
    expect(await exists(user.id)).toBe(true);

    await confirmByMail(user);
    clockAt(10 * 60 * 1000 + 1000);
    expect(await deleteAccountAction({})).toMatchObject({ ok: false, code: "reauthentication_required" });
    expect(await exists(user.id)).toBe(true);

    await confirmByMail(user);
    clockAt(19 * 60 * 1000);
    expect(await deleteAccountAction({})).toEqual({ ok: true });
    expect(await exists(user.id)).toBe(false);
  });
});

describe("the mailed confirmation link", () => {
  it("goes to the account's email in its language and works once", async () => {
    const user = await signedIn({ language: "es" });
    expect(await requestReauthLinkAction()).toMatchObject({ ok: true });
    const mail = outbox.filter((m) => m.to === user.email).at(-1)!;
    expect(mail.subject).toMatch(/^Confirma que eres tú en /);
    expect(mail.text).toContain("durante 15 minutos");
    const token = mailedToken(user.email!);
    expect(await reauthenticationLinkUsable(token, new Date(request.now))).toBe(true);
    expect(await confirmIdentityAction(token)).toEqual({ ok: true });
    expect(await confirmIdentityAction(token)).toEqual({ ok: false });
    expect(await reauthenticationLinkUsable(token, new Date(request.now))).toBe(false);
  });

  it("a second confirmation with a spent link grants nothing once the first has run out", async () => {
    const user = await signedIn();
    const token = await confirmByMail(user);
    clockAt(11 * 60 * 1000);
    expect(await confirmIdentityAction(token)).toEqual({ ok: false });
    expect(await deleteAccountAction({})).toMatchObject({ ok: false, code: "reauthentication_required" });
    expect(await exists(user.id)).toBe(true);
  });

  it("expires 15 minutes after it was sent", async () => {
    const user = await signedIn();
    await requestReauthLinkAction();
    const token = mailedToken(user.email!);
    clockAt(15 * 60 * 1000 + 1000);
    expect(await confirmIdentityAction(token)).toEqual({ ok: false });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).reauthenticatedAt).toBeNull();
    expect(await deleteAccountAction({})).toMatchObject({ ok: false, code: "reauthentication_required" });
    expect(await exists(user.id)).toBe(true);
  });

  it("a newer link voids the older one, and an unknown token confirms nothing", async () => {
    const user = await signedIn();
    await requestReauthLinkAction();
    const first = mailedToken(user.email!);
    await requestReauthLinkAction();
    expect(await confirmIdentityAction(first)).toEqual({ ok: false });
    expect(await confirmIdentityAction("x".repeat(43))).toEqual({ ok: false });
    expect(await confirmIdentityAction("short")).toEqual({ ok: false });
    expect(await deleteAccountAction({})).toMatchObject({ ok: false, code: "reauthentication_required" });
  });

  it("is not sent to an account with a password, which types it instead", async () => {
    const user = await signedIn({ password: PASSWORD });
    expect(await requestReauthLinkAction()).toEqual({
      ok: false,
      message: "Your account has a password: type it to confirm it's you.",
    });
    expect(outbox).toHaveLength(0);
    expect(await db.reauthenticationToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("at most 3 mails an hour per account", async () => {
    const user = await signedIn();
    for (let i = 0; i < 3; i += 1) expect(await requestReauthLinkAction()).toMatchObject({ ok: true });
    expect(await requestReauthLinkAction()).toEqual({
      ok: false,
      message: "We sent several links already. Please try again in 60 minutes.",
    });
    expect(outbox.filter((m) => m.to === user.email)).toHaveLength(3);
  });
});

describe("setting a first password on an account without one", () => {
  const input = { currentPassword: "", password: "a brand new password", confirmPassword: "a brand new password" };

  it("is refused without a confirmation link, and no password is set", async () => {
    const user = await signedIn();
    expect(await changePasswordAction(input)).toEqual({
      ok: false,
      error: "Confirm it's you first: ask for a confirmation link by email, open it, then try again within 10 minutes.",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
  });

  it("is done after the link was opened", async () => {
    const user = await signedIn();
    await confirmByMail(user);
    expect(await changePasswordAction(input)).toEqual({ ok: true });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(row.passwordHash, input.password)).toBe(true);
  });

  it("over the JSON API too: 403 reauthentication_required in the caller's language, then done after the link", async () => {
    const user = await signedIn();
    const { token: bearer } = await signAccessToken(user.id);
    const body = { password: "a brand new password" };
    const refused = await call(updatePassword, "POST", "/api/auth/update-password", {
      bearer,
      body,
      headers: { "accept-language": "ca" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: "reauthentication_required",
      message:
        "Primer confirma que ets tu: demana un enllaç de confirmació per correu, obre'l i torna-ho a provar en els 10 minuts següents.",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
    await confirmByMail(user);
    expect((await call(updatePassword, "POST", "/api/auth/update-password", { bearer, body })).status).toBe(200);
  });
});
