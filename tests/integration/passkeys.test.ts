import { passkeySignInAction, passkeySignInOptionsAction } from "@/lib/actions/login";
import {
  confirmWithPasskeyAction,
  confirmWithPasskeyOptionsAction,
  removePasskeyAction,
  savePasskeyAction,
  savePasskeyOptionsAction,
} from "@/lib/actions/passkeys";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { getCurrentUser } from "@/lib/auth/current-user";
import { hashPassword } from "@/lib/auth/password";
import { challengeCookieName } from "@/lib/auth/passkeys";
import { db } from "@/lib/db";
import { recordPasskeyUse } from "@/lib/db/passkeys";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { createUser } from "../support/fixtures";
import { SoftwarePasskey, type Bend } from "../support/software-authenticator";

// Passkeys through their server actions on the real database (docs/authentication.md,
// "Passkeys"), answered by a software authenticator (tests/support/software-authenticator.ts):
// saving one (a guest's keeps the card), signing in with it, and removing it. The session,
// the request's headers (client address, test clock) and this browser's cookie jar are
// stood in; the relying party is the site, http://localhost:3000.

process.env.SITE_URL = "http://localhost:3000";
process.env.LOYALTAP_TEST_CLOCK = "1";
const RP_ID = "localhost";
const ORIGIN = "http://localhost:3000";

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
const START = Date.now();
const request = { ip: "", now: new Date(START).toISOString() };
/** This browser's cookies, as the actions read and write them. */
const jar = new Map<string, string>();
const store = {
  get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  set: jest.fn((name: string, value: string, options?: { maxAge?: number }) => {
    if (options?.maxAge === 0) jar.delete(name);
    else jar.set(name, value);
  }),
};
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(
    async () =>
      new Headers({
        "x-loyaltap-client-ip": request.ip,
        "x-loyaltap-now": request.now,
        "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
      }),
  ),
  cookies: jest.fn(async () => store),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

const PASSWORD = "correct horse battery";
let ipCounter = 0;
const RUN = `${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

beforeEach(() => {
  jar.clear();
  store.set.mockClear();
  ipCounter += 1;
  request.ip = `10.${RUN}.${ipCounter}`;
  request.now = new Date(START).toISOString();
});
afterAll(async () => {
  await db.$disconnect();
});

function clockAt(ms: number) {
  request.now = new Date(START + ms).toISOString();
}

async function signedInAs(userId: string | null): Promise<AppUser | null> {
  const found = userId ? await findActiveUserById(userId) : null;
  jest.mocked(getCurrentUser).mockResolvedValue(found);
  return found;
}

/** An account with a password (or a guest: no email, no password), signed in in this browser. */
async function signedIn(kind: "account" | "guest" = "account"): Promise<AppUser> {
  const { user } = await createUser(
    kind === "guest"
      ? { email: null, firstName: null, lastName: null, guest: true }
      : { passwordHash: await hashPassword(PASSWORD) },
  );
  return (await signedInAs(user.id))!;
}

/** Saves a new software passkey to the signed-in account, answering as `bend` says. */
/** `password: null` types none (a guest, or an account that has just confirmed with a passkey). */
async function savePasskey(bend: Bend = {}, password: string | null = PASSWORD) {
  const authenticator = new SoftwarePasskey(RP_ID, ORIGIN);
  const options = await savePasskeyOptionsAction(password === null ? {} : { password });
  if (!options.ok) throw new Error(`no options: ${options.error}`);
  const result = await savePasskeyAction(authenticator.register(options.options, bend));
  return { authenticator, result };
}

async function signInWith(authenticator: SoftwarePasskey, bend: Bend = {}, redirect: unknown = null) {
  const options = await passkeySignInOptionsAction();
  if (!options.ok) throw new Error("no options");
  return passkeySignInAction(authenticator.authenticate(options.options, bend), redirect);
}

const passkeysOf = (userId: string) => db.passkey.findMany({ where: { userId } });
const sessionSet = () => store.set.mock.calls.some(([name, value]) => name === SESSION_COOKIE && value !== "");

describe("saving a passkey", () => {
  it("stores the passkey of a signed-in account, named after the browser", async () => {
    const user = await signedIn();
    const { authenticator, result } = await savePasskey();
    expect(result).toEqual({ ok: true, keptCard: false });
    const [stored, ...others] = await passkeysOf(user.id);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      credentialId: authenticator.id,
      name: "Chrome · Android",
      transports: ["internal"],
    });
    expect(stored!.counter).toBe(BigInt(0));
  });

  it("offers only the key types phones make and the server can check at sign-in (not ML-DSA, which Node 24 would add)", async () => {
    await signedIn();
    const options = await savePasskeyOptionsAction({ password: PASSWORD });
    if (!options.ok) throw new Error(`no options: ${options.error}`);
    expect(options.options.pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
  });

  it("keeps a guest's card: the guest becomes an account, with no password asked", async () => {
    const guest = await signedIn("guest");
    const { result } = await savePasskey({}, null);
    expect(result).toEqual({ ok: true, keptCard: true });
    const row = await db.user.findUniqueOrThrow({ where: { id: guest.id } });
    expect(row).toMatchObject({ guest: false, email: null, passwordHash: null });
    expect(await passkeysOf(guest.id)).toHaveLength(1);
  });

  it("asks an account for its password first: a stolen session cannot add a passkey of its own", async () => {
    const user = await signedIn();
    expect(await savePasskeyOptionsAction({})).toEqual({
      ok: false,
      error: "Enter your current password to confirm it's you.",
      code: "reauthentication_required",
    });
    expect(await savePasskeyOptionsAction({ password: "not it" })).toMatchObject({ ok: false, code: "wrong_password" });
    expect(jar.has(challengeCookieName("register"))).toBe(false);
    expect(await passkeysOf(user.id)).toEqual([]);
  });

  it.each([
    ["another origin", { origin: "https://evil.example" }],
    ["another relying party", { rpId: "evil.example" }],
    ["no user verification", { userVerified: false }],
  ])("refuses an answer with %s, and stores nothing", async (_what, bend) => {
    const user = await signedIn();
    const { result } = await savePasskey(bend);
    expect(result).toEqual({
      ok: false,
      error: "Your passkey could not be checked. Please try again.",
      code: "failed",
    });
    expect(await passkeysOf(user.id)).toEqual([]);
  });

  it("refuses the answer of another account's ceremony (the challenge is bound to who asked)", async () => {
    await signedIn();
    const options = await savePasskeyOptionsAction({ password: PASSWORD });
    if (!options.ok) throw new Error("no options");
    const other = await signedIn();
    const answer = new SoftwarePasskey(RP_ID, ORIGIN).register(options.options);
    expect(await savePasskeyAction(answer)).toMatchObject({ ok: false, code: "expired" });
    expect(await passkeysOf(other.id)).toEqual([]);
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const user = await signedIn();
    const options = await savePasskeyOptionsAction({ password: PASSWORD });
    if (!options.ok) throw new Error("no options");
    clockAt(5 * 60 * 1000 + 1000);
    const answer = new SoftwarePasskey(RP_ID, ORIGIN).register(options.options);
    expect(await savePasskeyAction(answer)).toMatchObject({ ok: false, code: "expired" });
    expect(await passkeysOf(user.id)).toEqual([]);
  });
});

describe("signing in with a passkey", () => {
  it("signs in, moves the counter on, and goes to a same-origin redirect", async () => {
    const user = await signedIn();
    const { authenticator } = await savePasskey();
    await signedInAs(null);
    store.set.mockClear();
    expect(await signInWith(authenticator, {}, "/dashboard/wallet")).toEqual({
      ok: true,
      redirectTo: "/dashboard/wallet",
    });
    expect(sessionSet()).toBe(true);
    const [stored] = await passkeysOf(user.id);
    expect(stored!.counter).toBe(BigInt(1));
    expect(stored!.lastUsedAt).not.toBeNull();
    // Another site's address is never followed.
    expect(await signInWith(authenticator, {}, "//evil.example")).toEqual({ ok: true, redirectTo: "/dashboard" });
    expect((await passkeysOf(user.id))[0]!.counter).toBe(BigInt(2));
  });

  it("refuses a replayed answer: each challenge is spent once", async () => {
    const user = await signedIn();
    const { authenticator } = await savePasskey();
    await signedInAs(null);
    const options = await passkeySignInOptionsAction();
    if (!options.ok) throw new Error("no options");
    const cookie = jar.get(challengeCookieName("sign-in"))!;
    const answer = authenticator.authenticate(options.options);
    expect(await passkeySignInAction(answer, null)).toMatchObject({ ok: true });
    // The same answer, with the same challenge cookie put back (someone who copied both).
    jar.set(challengeCookieName("sign-in"), cookie);
    store.set.mockClear();
    expect(await passkeySignInAction(answer, null)).toEqual({
      ok: false,
      error: "That took too long, or the request was already used. Please try again.",
      code: "expired",
    });
    expect(sessionSet()).toBe(false);
    expect((await passkeysOf(user.id))[0]!.counter).toBe(BigInt(1));
  });

  it("refuses an answer from a browser that did not ask (no challenge cookie)", async () => {
    await signedIn();
    const { authenticator } = await savePasskey();
    await signedInAs(null);
    const options = await passkeySignInOptionsAction();
    if (!options.ok) throw new Error("no options");
    jar.clear();
    expect(await passkeySignInAction(authenticator.authenticate(options.options), null)).toMatchObject({
      ok: false,
      code: "expired",
    });
  });

  it.each([
    ["another origin", { origin: "https://evil.example" }],
    ["another relying party", { rpId: "evil.example" }],
    ["no user verification", { userVerified: false }],
  ])("refuses an answer with %s", async (_what, bend) => {
    const user = await signedIn();
    const { authenticator } = await savePasskey();
    await signedInAs(null);
    store.set.mockClear();
    expect(await signInWith(authenticator, bend)).toMatchObject({ ok: false, code: "failed" });
    expect(sessionSet()).toBe(false);
    expect((await passkeysOf(user.id))[0]!.lastUsedAt).toBeNull();
  });

  it("refuses a counter that did not move on (a cloned passkey)", async () => {
    const user = await signedIn();
    const { authenticator } = await savePasskey();
    await signedInAs(null);
    expect(await signInWith(authenticator)).toMatchObject({ ok: true });
    store.set.mockClear();
    expect(await signInWith(authenticator, { counter: 1 })).toMatchObject({ ok: false, code: "failed" });
    expect(sessionSet()).toBe(false);
    const [stored] = await passkeysOf(user.id);
    expect(stored!.counter).toBe(BigInt(1));
    // Two answers racing past that check with the same counter: the statement that records the use takes one.
    expect(await recordPasskeyUse(stored!.id, 1, new Date())).toBeNull();
    expect(await recordPasskeyUse(stored!.id, 2, new Date())).toEqual({ userId: user.id });
  });

  it("answers an unknown passkey with a clear message", async () => {
    await signedInAs(null);
    expect(await signInWith(new SoftwarePasskey(RP_ID, ORIGIN))).toEqual({
      ok: false,
      error: "This passkey is not saved to any account here. Sign in another way, then save a passkey in Settings.",
      code: "unknown_passkey",
    });
  });

  it("refuses a disabled account", async () => {
    const user = await signedIn();
    const { authenticator } = await savePasskey();
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    await signedInAs(null);
    store.set.mockClear();
    expect(await signInWith(authenticator)).toEqual({
      ok: false,
      error: "This account has been disabled.",
      code: "disabled",
    });
    expect(sessionSet()).toBe(false);
  });
});

describe("removing a passkey", () => {
  it("another account cannot remove your passkey, even with its own password", async () => {
    const owner = await signedIn();
    await savePasskey();
    const [passkey] = await passkeysOf(owner.id);
    await signedIn();
    expect(await removePasskeyAction(passkey!.id, { password: PASSWORD })).toEqual({
      ok: false,
      error: "This passkey does not exist.",
      code: "not_found",
    });
    expect(await passkeysOf(owner.id)).toHaveLength(1);
  });

  it("needs the password of an account that has one", async () => {
    const user = await signedIn();
    await savePasskey();
    const [passkey] = await passkeysOf(user.id);
    expect(await removePasskeyAction(passkey!.id, {})).toMatchObject({ ok: false, code: "reauthentication_required" });
    expect(await passkeysOf(user.id)).toHaveLength(1);
    expect(await removePasskeyAction(passkey!.id, { password: PASSWORD })).toEqual({ ok: true });
    expect(await passkeysOf(user.id)).toEqual([]);
  });

  it("never removes the last way to sign in; a passkey used in the last 10 minutes is the proof", async () => {
    // A guest that kept its card with passkeys: no email, no password, no Google.
    const guest = await signedIn("guest");
    const first = await savePasskey({}, null);
    const [firstRow] = await passkeysOf(guest.id);
    // Without a fresh proof, nothing is removed: the account has no password or email to prove it with.
    expect(await removePasskeyAction(firstRow!.id, {})).toEqual({
      ok: false,
      error: "Confirm it's you with your passkey first, then try again within 10 minutes.",
      code: "reauthentication_required",
    });
    // Confirming with the passkey is the proof.
    const options = await confirmWithPasskeyOptionsAction();
    if (!options.ok) throw new Error("no options");
    expect(await confirmWithPasskeyAction(first.authenticator.authenticate(options.options))).toEqual({ ok: true });
    expect(await removePasskeyAction(firstRow!.id, {})).toEqual({
      ok: false,
      error:
        "This passkey is the only way to sign in to your account. Save another passkey, or add an email address or a password, before you remove it.",
      code: "last_sign_in",
    });
    expect(await passkeysOf(guest.id)).toHaveLength(1);
    // With a second passkey, the first can go; then the second is the last one.
    const second = await savePasskey({}, null);
    expect(second.result).toMatchObject({ ok: true });
    expect(await removePasskeyAction(firstRow!.id, {})).toEqual({ ok: true });
    const [secondRow] = await passkeysOf(guest.id);
    expect(await removePasskeyAction(secondRow!.id, {})).toMatchObject({ ok: false, code: "last_sign_in" });
    // Ten minutes later the proof has run out.
    clockAt(10 * 60 * 1000 + 1000);
    expect(await removePasskeyAction(secondRow!.id, {})).toMatchObject({ code: "reauthentication_required" });
  });

  it("two removals at once of an account's last two passkeys leave one", async () => {
    const guest = await signedIn("guest");
    const first = await savePasskey({}, null);
    const options = await confirmWithPasskeyOptionsAction();
    if (!options.ok) throw new Error("no options");
    expect(await confirmWithPasskeyAction(first.authenticator.authenticate(options.options))).toEqual({ ok: true });
    await savePasskey({}, null);
    const rows = await passkeysOf(guest.id);
    const results = await Promise.all(rows.map((row) => removePasskeyAction(row.id, {})));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await passkeysOf(guest.id)).toHaveLength(1);
  });

  it("a confirmation answers only to the account's own passkeys", async () => {
    const stranger = await signedIn();
    const { authenticator } = await savePasskey();
    void stranger;
    await signedIn("guest");
    const options = await confirmWithPasskeyOptionsAction();
    if (!options.ok) throw new Error("no options");
    expect(await confirmWithPasskeyAction(authenticator.authenticate(options.options))).toMatchObject({
      ok: false,
      code: "unknown_passkey",
    });
  });
});
