import {
  requestEmailLinkAction,
  resendEmailLinkAction,
  signInWithEmailLinkAction,
  type EmailLinkSignInState,
} from "@/lib/actions/email-link";
import EmailLinkPage from "@/app/(site)/[locale]/auth/email-link/page";
import { confirmIdentityAction } from "@/lib/actions/confirm-identity";
import { changePasswordAction, requestReauthLinkAction } from "@/lib/actions/settings";
import { POST as emailLink } from "@/app/api/auth/email-link/route";
import { POST as login } from "@/app/api/auth/login/route";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { getCurrentUser } from "@/lib/auth/current-user";
import { emailLinkState } from "@/lib/auth/email-link";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { deleteAccount } from "@/lib/users/delete-account";
import { findActiveUserById } from "@/lib/db/users";
import { setMailer, type Mail } from "@/lib/mail";
import { call, uniqueEmail } from "../support/api";
import { createUser } from "../support/fixtures";

// Signing in with an emailed link (docs/authentication.md, "Signing in with an
// emailed link"), through the route handler and the link page's server actions
// on the real database. The request's headers (client address, test clock,
// whether the page's script sent the form) and the cookie jar are stood in;
// mails are read from an in-memory outbox.

process.env.LOYALTAP_TEST_CLOCK = "1";

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));

// Counters and links are stored with the request's time: starting from the real
// time keeps an earlier run's rows out of this one's windows.
const START = Date.now();
const request = { ip: "", now: new Date(START).toISOString(), locale: "en" };
const jar = { set: jest.fn() };
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(async () => new Headers({ "x-loyaltap-client-ip": request.ip, "x-loyaltap-now": request.now })),
  cookies: jest.fn(async () => jar),
}));
jest.mock("next-intl/server", () => {
  const english = jest.requireActual("@/tests/support/catalog").englishServerIntl();
  return { ...english, getLocale: async () => request.locale };
});

const SAME_ANSWER = {
  status: "success",
  message: "If that address can receive mail, a sign-in link is on its way. It works once, for 15 minutes.",
};
const MINUTE = 60 * 1000;

let outbox: Mail[] = [];
let ipCounter = 0;
const RUN = `${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

beforeEach(() => {
  jar.set.mockClear();
  outbox = [];
  setMailer({ send: async (mail) => void outbox.push(mail) });
  // Every test from its own address, so the limits of one do not reach another.
  ipCounter += 1;
  request.ip = `10.${RUN}.${ipCounter}`;
  request.now = new Date(START).toISOString();
  request.locale = "en";
  delete process.env.EMAIL_LINK_LIMIT_PER_EMAIL;
  delete process.env.EMAIL_LINK_LIMIT_PER_IP;
});
afterAll(async () => {
  setMailer(null);
  await db.$disconnect();
});

/** Moves the clock of requests and actions by `ms` from the start of the test. */
function clockAt(ms: number) {
  request.now = new Date(START + ms).toISOString();
}

/** POST /api/auth/email-link from this test's client address at its clock. */
function ask(body: unknown, headers: Record<string, string> = {}) {
  return call(emailLink, "POST", "/api/auth/email-link", {
    body,
    headers: { "x-loyaltap-client-ip": request.ip, "x-loyaltap-now": request.now, ...headers },
  });
}

/** The token of the last sign-in mail to `email`. */
function mailedToken(email: string): string {
  const mail = outbox.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.pathname).toBe("/auth/email-link");
  return link.searchParams.get("token")!;
}

/**
 * Sends the link page's form: where it redirects to (the action redirects on
 * success, as the browser follows it), or its refusal.
 */
async function openLink(token: string): Promise<{ ok: true; redirectTo: string } | EmailLinkSignInState> {
  try {
    return await signInWithEmailLinkAction(token);
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;"))
      return { ok: true, redirectTo: digest.split(";")[2]! };
    throw error;
  }
}

const sessionCookies = () => jar.set.mock.calls.filter(([name, value]) => name === SESSION_COOKIE && value !== "");

async function linkFor(email: string, redirect?: string): Promise<string> {
  expect((await ask(redirect === undefined ? { email } : { email, redirect })).status).toBe(202);
  return mailedToken(email);
}

describe("asking for a link", () => {
  it("answers the same status and body for an address with an account and one without", async () => {
    const { user } = await createUser({ language: "ca" });
    const unknown = uniqueEmail("nobody");
    const known = await ask({ email: user.email });
    const stranger = await ask({ email: unknown });
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(known.status);
    expect(stranger.json).toEqual(known.json);
    expect(known.json).toEqual(SAME_ANSWER);
    // Both get a link: the stranger's makes an account when it is opened. The account's mail is in its language.
    expect(outbox.find((m) => m.to === user.email)?.subject).toMatch(/El teu enllaç per iniciar la sessió/);
    expect(outbox.find((m) => m.to === unknown)?.subject).toMatch(/Your sign-in link/);
  });

  it("answers a disabled account the same, and mails it nothing", async () => {
    const { user } = await createUser({ disabledAt: new Date() });
    const res = await ask({ email: user.email });
    expect(res.status).toBe(202);
    expect(res.json).toEqual(SAME_ANSWER);
    expect(outbox.filter((m) => m.to === user.email)).toHaveLength(0);
  });

  it("mails an address without an account in the request's language, and stores only the token's hash", async () => {
    const email = uniqueEmail("es");
    const res = await ask({ email }, { "accept-language": "es-ES,es;q=0.9" });
    expect(res.json.message).toMatch(/^Si esa dirección puede recibir correo/);
    expect(outbox.find((m) => m.to === email)?.subject).toMatch(/Tu enlace para iniciar sesión/);
    const token = mailedToken(email);
    const stored = await db.emailSignInToken.findFirstOrThrow({ where: { email } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it.each([
    ["no email", {}],
    ["a malformed email", { email: "not-an-address" }],
    ["an email that is not a string", { email: 42 }],
    ["a redirect that is not a string", { email: "a@b.test", redirect: ["/dashboard"] }],
  ])("refuses %s with a 400 in the usual shape, and mails nothing", async (_name, body) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: "error", message: expect.any(String) });
    expect(outbox).toHaveLength(0);
  });
});

describe("opening the link", () => {
  it("shows a page that spends nothing: a mail scanner's visit leaves the link usable", async () => {
    const email = uniqueEmail("scanned");
    const token = await linkFor(email);
    await EmailLinkPage({ searchParams: Promise.resolve({ token }) });
    await EmailLinkPage({ searchParams: Promise.resolve({ token }) });
    expect(await emailLinkState(token, new Date(request.now))).toBe("usable");
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("signs in once: the second use is refused and sets no session", async () => {
    const { user } = await createUser();
    const token = await linkFor(user.email!);
    expect(await openLink(token)).toEqual({ ok: true, redirectTo: "/dashboard" });
    expect(sessionCookies()).toHaveLength(1);
    jar.set.mockClear();
    expect(await openLink(token)).toEqual({ ok: false, reason: "invalid" });
    expect(sessionCookies()).toHaveLength(0);
    expect(await emailLinkState(token, new Date(request.now))).toBe("spent");
  });

  it("works until 14:59 after it was sent and is refused from 15:00", async () => {
    const { user } = await createUser();
    const early = await linkFor(user.email!);
    clockAt(15 * MINUTE - 1000);
    expect(await openLink(early)).toMatchObject({ ok: true });

    clockAt(0);
    const late = await linkFor(user.email!);
    clockAt(15 * MINUTE);
    jar.set.mockClear();
    expect(await openLink(late)).toEqual({ ok: false, reason: "invalid" });
    expect(sessionCookies()).toHaveLength(0);
  });

  it("makes an account for an address without one: no password, email confirmed, the page's language", async () => {
    const email = uniqueEmail("newcomer");
    const token = await linkFor(email);
    request.locale = "ca";
    expect(await openLink(token)).toEqual({ ok: true, redirectTo: "/dashboard" });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ passwordHash: null, role: "CUSTOMER", language: "ca", guest: false });
    expect(user.emailVerified).toEqual(new Date(request.now));
    expect(sessionCookies()).toHaveLength(1);
  });

  it("confirms the email of an existing account that had not confirmed it", async () => {
    const { user } = await createUser({ emailVerified: null });
    await openLink(await linkFor(user.email!));
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).not.toBeNull();
  });

  it("is void once its account was deleted: it does not make the account again", async () => {
    const { user } = await createUser();
    const token = await linkFor(user.email!);
    expect(await deleteAccount(user.id)).toEqual({ ok: true });
    expect(await openLink(token)).toEqual({ ok: false, reason: "invalid" });
    expect(await db.user.count({ where: { email: user.email } })).toBe(0);
  });

  it("refuses a disabled account clearly, and sets no session", async () => {
    const { user } = await createUser();
    const token = await linkFor(user.email!);
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await openLink(token)).toEqual({ ok: false, reason: "disabled" });
    expect(sessionCookies()).toHaveLength(0);
  });

  it("leads to a same-origin redirect, and ignores one to another origin", async () => {
    const email = uniqueEmail("redirect");
    expect(await openLink(await linkFor(email, "/dashboard/wallet?x=1"))).toEqual({
      ok: true,
      redirectTo: "/dashboard/wallet?x=1",
    });
    for (const evil of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "/%2F%2Fevil.example"]) {
      const res = await ask({ email, redirect: evil });
      expect(res.status).toBe(202);
      expect(res.json).toEqual(SAME_ANSWER);
      expect(await openLink(mailedToken(email))).toEqual({ ok: true, redirectTo: "/dashboard" });
    }
  });

  it("signs in once when the same link is sent 10 times at once", async () => {
    const email = uniqueEmail("parallel");
    const token = await linkFor(email);
    const results = await Promise.all(Array.from({ length: 10 }, () => openLink(token)));
    expect(results.filter((r) => r?.ok)).toHaveLength(1);
    expect(results.filter((r) => r && !r.ok)).toHaveLength(9);
    expect(sessionCookies()).toHaveLength(1);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("makes one account when two links of a new address are opened at once", async () => {
    const email = uniqueEmail("twice");
    // Two devices asked; the second link voids the first, so both are stored directly here.
    const first = await linkFor(email);
    await db.emailSignInToken.updateMany({ where: { email }, data: { usedAt: null } });
    const second = await linkFor(email);
    await db.emailSignInToken.updateMany({ where: { email }, data: { usedAt: null } });
    const results = await Promise.all([openLink(first), openLink(second)]);
    expect(results).toEqual([
      { ok: true, redirectTo: "/dashboard" },
      { ok: true, redirectTo: "/dashboard" },
    ]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });
});

describe("a used or expired link", () => {
  it("sends a new link to the same address with one tap", async () => {
    const email = uniqueEmail("again");
    const token = await linkFor(email, "/dashboard/rewards");
    await openLink(token);
    outbox = [];
    expect(await resendEmailLinkAction(token)).toEqual({ ok: true });
    const fresh = mailedToken(email);
    expect(fresh).not.toBe(token);
    expect(await openLink(fresh)).toEqual({ ok: true, redirectTo: "/dashboard/rewards" });
  });

  it("cannot send a link for a token that was never mailed", async () => {
    expect(await resendEmailLinkAction("x".repeat(43))).toMatchObject({ ok: false, code: "invalid_link" });
    expect(outbox).toHaveLength(0);
  });
});

describe("limits", () => {
  it("refuses the sixth link to one email in an hour with a 429, the same for a known and an unknown address", async () => {
    const { user } = await createUser();
    const unknown = uniqueEmail("limit");
    const answers = [];
    for (const email of [user.email!, unknown]) {
      for (let i = 0; i < 5; i += 1) {
        request.ip = `10.${RUN}.${ipCounter}.${i}`; // from several addresses: this is the per-email limit
        expect((await ask({ email })).status).toBe(202);
      }
      request.ip = `10.${RUN}.${ipCounter}.9`;
      answers.push(await ask({ email }));
    }
    const [known, stranger] = answers as [Awaited<ReturnType<typeof ask>>, Awaited<ReturnType<typeof ask>>];
    expect(known.status).toBe(429);
    expect(stranger.status).toBe(429);
    expect(stranger.json).toEqual(known.json);
    expect(known.json).toMatchObject({
      status: "error",
      code: "too_many_requests",
      message: "Too many sign-in links were asked for. Please try again in 60 minutes.",
    });
    expect(Number(known.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(outbox.filter((m) => m.to === user.email)).toHaveLength(5);
    expect(outbox.filter((m) => m.to === unknown)).toHaveLength(5);
    // After the hour it sends again.
    clockAt(60 * MINUTE);
    expect((await ask({ email: unknown })).status).toBe(202);
  });

  it("refuses links from one client address past its limit, to any email", async () => {
    process.env.EMAIL_LINK_LIMIT_PER_IP = "3";
    for (let i = 0; i < 3; i += 1) expect((await ask({ email: uniqueEmail("spray") })).status).toBe(202);
    const refused = await ask({ email: uniqueEmail("spray") });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("too_many_requests");
    expect(outbox).toHaveLength(3);
  });

  it("counts the forms and 'Send a new link' under the same limits", async () => {
    process.env.EMAIL_LINK_LIMIT_PER_EMAIL = "2";
    const email = uniqueEmail("form");
    const form = new FormData();
    form.set("email", email);
    expect(await requestEmailLinkAction(null, null, form)).toEqual({ ok: true });
    const token = mailedToken(email);
    expect(await resendEmailLinkAction(token)).toEqual({ ok: true });
    expect(await resendEmailLinkAction(token)).toEqual({
      ok: false,
      error: "Too many sign-in links were asked for. Please try again in 60 minutes.",
      code: "too_many_requests",
    });
    expect(outbox).toHaveLength(2);
  });
});

describe("an account without a password", () => {
  it("cannot log in with a password: the usual invalid-credentials answer", async () => {
    const email = uniqueEmail("nopass");
    await openLink(await linkFor(email));
    const res = await call(login, "POST", "/api/auth/login", { body: { email, password: "anything at all" } });
    const unknown = await call(login, "POST", "/api/auth/login", {
      body: { email: uniqueEmail("ghost"), password: "anything at all" },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unknown.json);
    expect(res.json.message).toBe("Invalid email or password");
  });

  it("sets a first password in Settings after a mailed confirmation, then logs in with it", async () => {
    const email = uniqueEmail("later-password");
    await openLink(await linkFor(email));
    const user = (await findActiveUserById((await db.user.findUniqueOrThrow({ where: { email } })).id))!;
    jest.mocked(getCurrentUser).mockResolvedValue(user);
    const input = { currentPassword: "", password: "a brand new password", confirmPassword: "a brand new password" };
    expect(await changePasswordAction(input)).toMatchObject({ ok: false });
    expect(await requestReauthLinkAction()).toMatchObject({ ok: true });
    const mail = outbox.filter((m) => m.to === email).at(-1)!;
    const confirm = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(confirm.pathname).toBe("/auth/confirm-identity");
    expect(await confirmIdentityAction(confirm.searchParams.get("token")!)).toEqual({ ok: true });
    expect(await changePasswordAction(input)).toEqual({ ok: true });
    const res = await call(login, "POST", "/api/auth/login", { body: { email, password: "a brand new password" } });
    expect(res.status).toBe(200);
  });
});
