// A guest card (a customer who pressed "Start my card" without an account)
// merged into the account it signs in to: cards re-owned or combined by the
// loyalty rules, once, with the day's tap limit counting both, on every
// sign-in path. docs/authentication.md, "Merging a guest into an account".
import { loginAction } from "@/lib/actions/login";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { GuestMergeFailed, mergeGuestOnOAuthSignIn, withoutGuestSession } from "@/lib/auth/guest-oauth";
import { mergeGuestIntoAccount } from "@/lib/auth/merge-guest";
import { hashPassword } from "@/lib/auth/password";
import { encodeSessionToken } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db";
import { recordVisit } from "@/lib/tap/record-visit";
import { listWallet } from "@/lib/db/wallet";
import type { Prisma } from "@/lib/generated/prisma/client";
import { NextRequest } from "next/server";
import { call, cookieFrom, uniqueEmail } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

afterAll(() => db.$disconnect());

// Server actions read the request through next/headers: stand in one request.
const request = { headers: new Headers(), cookies: new Map<string, string>() };
jest.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined),
    set: (name: string, value: string) => request.cookies.set(name, value),
  }),
}));
jest.mock("next-intl/server", () => ({
  getTranslations: async () =>
    (jest.requireActual("../support/catalog") as typeof import("../support/catalog")).translator("en"),
}));

// A merge that fails as a broken database would: `mockMergeFailure.on` makes the next merges throw.
const mockMergeFailure = { on: false };
jest.mock("@/lib/db/merge-guest", () => {
  const actual = jest.requireActual("@/lib/db/merge-guest") as typeof import("@/lib/db/merge-guest");
  return {
    ...actual,
    mergeGuestRows: (...args: Parameters<typeof actual.mergeGuestRows>) =>
      mockMergeFailure.on ? Promise.reject(new Error("connection lost")) : actual.mergeGuestRows(...args),
  };
});

/** The merge day: 10 March 2026, noon in Madrid. */
const NOW = new Date("2026-03-10T11:00:00Z");
const PASSWORD = "correct horse battery";

const createGuest = () => db.user.create({ data: { guest: true, firstName: null, lastName: null } });

async function guestCookie(guest: { id: string; sessionVersion: number }) {
  const token = await encodeSessionToken({ ...guest, role: "CUSTOMER", name: null, email: null });
  return `${SESSION_COOKIE}=${token}`;
}

type ProgressInput = { count?: number; total?: number; tier?: string | null; state?: Prisma.InputJsonValue };

/** A customer's card at a business holding `progress` in its one program, as visits left it. */
async function cardOf(userId: string, businessId: string, programId: string, progress: ProgressInput, visits = 1) {
  return db.membership.create({
    data: {
      userId,
      businessId,
      visitCount: visits,
      firstVisitAt: new Date("2026-03-01T10:00:00Z"),
      lastVisitAt: new Date("2026-03-05T10:00:00Z"),
      linkedAt: new Date("2026-03-01T10:00:00Z"),
      progress: {
        create: {
          programId,
          count: progress.count ?? 0,
          total: progress.total ?? progress.count ?? 0,
          tier: progress.tier ?? null,
          state: progress.state ?? {},
        },
      },
    },
  });
}

/**
 * A business with one program, a guest and an account each holding a card
 * there; merges the guest and returns what the account's wallet shows.
 */
async function mergeOne(
  program: Omit<Prisma.ProgramCreateManyInput, "businessId">,
  guestProgress: ProgressInput,
  accountProgress: ProgressInput,
) {
  const { business } = await createBusiness({ programs: [program] });
  const { id: programId } = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
  const guest = await createGuest();
  const { user: account } = await createUser();
  await cardOf(guest.id, business.id, programId, guestProgress);
  await cardOf(account.id, business.id, programId, accountProgress);
  const result = await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now: NOW });
  const [card] = await listWallet(account.id, NOW);
  const stored = await db.progress.findFirstOrThrow({
    where: { programId, membership: { userId: account.id } },
    select: { count: true, total: true, tier: true, state: true },
  });
  return { result, card: card!, shown: card!.programs[0]!.progress, stored, business, guest, account };
}

const program = (type: string, rules: Prisma.InputJsonValue, extra: Partial<Prisma.ProgramCreateManyInput> = {}) => ({
  type,
  name: `${type} program`,
  rules,
  rewardName: "Free coffee",
  rewardExpiryDays: 30,
  ...extra,
});

describe("merging a guest's card into an account's card at the same business", () => {
  it("stamps add up; the card the merge completes issues its reward once, and merging again issues nothing", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(3)] });
    const guest = await createGuest();
    const { user: account } = await createUser();
    const visit = (userId: string, day: number) =>
      recordVisit({
        userId,
        tagId: tag.id,
        source: "TAG",
        now: new Date(`2026-03-0${day}T10:00:00Z`),
      });
    for (const day of [1, 2]) expect((await visit(guest.id, day)).ok).toBe(true);
    // The account filled a card on day 3 (one reward) and has 2 stamps on the next.
    for (const day of [1, 2, 3, 4, 5]) expect((await visit(account.id, day)).ok).toBe(true);

    const first = await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now: NOW });
    expect(first).toEqual({ merged: true, businesses: 1, rewardsIssued: 1 });
    const again = await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now: NOW });
    expect(again.merged).toBe(false);

    const [card] = await listWallet(account.id, NOW);
    // 2 + 2 stamps on a 3-stamp card: one full card (its reward), 1 stamp on the fresh one.
    expect(card!.programs[0]!.progress).toMatchObject({ current: 1, target: 3 });
    expect(card!.availableRewards).toBe(2);
    expect(card!.visitCount).toBe(7);
    const membership = await db.membership.findFirstOrThrow({
      where: { userId: account.id, businessId: business.id },
      select: { rewardsEarned: true, rewardsReady: true, firstVisitAt: true, lastVisitAt: true },
    });
    expect(membership).toMatchObject({ rewardsEarned: 2, rewardsReady: 2 });
    expect(await db.reward.count({ where: { userId: account.id, businessId: business.id } })).toBe(2);
    // The guest's visits are the account's now; the guest is gone.
    expect(await db.tap.count({ where: { userId: account.id } })).toBe(7);
    expect(await db.user.findUnique({ where: { id: guest.id } })).toBeNull();
    // The owner's audit log says it once, with the guest's member number and the reward's code.
    const audit = await db.auditLog.findMany({ where: { businessId: business.id, action: "CUSTOMER_MERGED" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      customerId: account.id,
      details: { guestId: guest.id, visits: 2, combined: true },
    });
    expect((audit[0]!.details as { rewards: string[] }).rewards).toHaveLength(1);
  }, 20_000);

  it("points add up; each threshold reached issues a reward and the rest carries over", async () => {
    const { result, shown, card } = await mergeOne(
      program("points", { pointsPerVisit: 10, threshold: 100 }),
      { count: 60 },
      { count: 70 },
    );
    expect(result.rewardsIssued).toBe(1);
    expect(shown).toMatchObject({ current: 30, target: 100 });
    expect(card.availableRewards).toBe(1);
  });

  it("visits add up towards the next reward", async () => {
    const { result, shown } = await mergeOne(program("visits", { visitsRequired: 5 }), { count: 1 }, { count: 2 });
    expect(result.rewardsIssued).toBe(0);
    expect(shown).toMatchObject({ current: 3, target: 5 });
  });

  it("tier: the higher tier wins, and a tier either card had reached pays nothing again", async () => {
    const { result, shown, card } = await mergeOne(
      program("tier", {}),
      { count: 15, total: 15, tier: "Gold", state: { reachedTiers: ["Bronze", "Silver", "Gold"] } },
      { count: 5, total: 5, tier: "Silver", state: { reachedTiers: ["Bronze", "Silver"] } },
    );
    expect(result.rewardsIssued).toBe(0);
    expect(shown.line.values).toMatchObject({ tier: "Gold" });
    expect(card.availableRewards).toBe(0);
  });

  it("tier: a tier only the combined visits reach pays its reward", async () => {
    const { result, shown } = await mergeOne(
      program("tier", {}),
      { count: 3, total: 3, tier: "Bronze", state: { reachedTiers: ["Bronze"] } },
      { count: 3, total: 3, tier: "Bronze", state: { reachedTiers: ["Bronze"] } },
    );
    expect(result.rewardsIssued).toBe(1);
    expect(shown.line.values).toMatchObject({ tier: "Silver" });
  });

  it("challenge: visits in the open windows add up, and meeting the goal issues the reward", async () => {
    const { result, shown } = await mergeOne(
      program("challenge", { visitsRequired: 3, withinDays: 7 }),
      { count: 2, total: 2, state: { windowStart: "2026-03-08" } },
      { count: 1, total: 4, state: { windowStart: "2026-03-09" } },
    );
    expect(result.rewardsIssued).toBe(1);
    expect(shown).toMatchObject({ current: 0, target: 3 });
  });

  it("challenge: a window that ran out counts nothing; the open one is kept", async () => {
    const { result, shown, stored } = await mergeOne(
      program("challenge", { visitsRequired: 3, withinDays: 7 }),
      { count: 2, total: 2, state: { windowStart: "2026-02-01" } },
      { count: 1, total: 1, state: { windowStart: "2026-03-09" } },
    );
    expect(result.rewardsIssued).toBe(0);
    expect(shown).toMatchObject({ current: 1, target: 3 });
    expect(stored.state).toMatchObject({ windowStart: "2026-03-09" });
  });

  it("time-limited: a running offer's stamps add up and a filled card pays once", async () => {
    const { result, shown } = await mergeOne(
      program(
        "time-limited",
        { stampsRequired: 4 },
        { startDate: new Date("2026-03-01T00:00:00Z"), endDate: new Date("2026-03-31T00:00:00Z") },
      ),
      { count: 2 },
      { count: 3 },
    );
    expect(result.rewardsIssued).toBe(1);
    expect(shown).toMatchObject({ current: 1, target: 4 });
  });

  it("birthday: visits add up and the later year paid stays paid (the merge pays none)", async () => {
    const { result, shown, stored } = await mergeOne(
      program("birthday", { windowDays: 7 }),
      { count: 2 },
      { count: 3, state: { lastBirthdayYear: 2025 } },
    );
    expect(result.rewardsIssued).toBe(0);
    expect(shown).toMatchObject({ current: 5 });
    expect(stored.state).toMatchObject({ lastBirthdayYear: 2025 });
  });

  it("anniversary: visits add up and the later membership year paid stays paid", async () => {
    const { result, shown, stored } = await mergeOne(
      program("anniversary", {}),
      { count: 4, state: { lastAnniversary: 2 } },
      { count: 1, state: { lastAnniversary: 1 } },
    );
    expect(result.rewardsIssued).toBe(0);
    expect(shown).toMatchObject({ current: 5 });
    expect(stored.state).toMatchObject({ lastAnniversary: 2 });
  });

  it("referral: the friends each brought in add up", async () => {
    const { shown, stored } = await mergeOne(
      program("referral", {}),
      { count: 1, state: { referrals: 1, referralCredited: true } },
      { count: 2, state: { referrals: 2 } },
    );
    expect(shown).toMatchObject({ current: 3 });
    expect(stored.state).toMatchObject({ referralCredited: true });
  });

  it("gamified: plays and wins add up, and the merge is no draw", async () => {
    const { result, shown } = await mergeOne(
      program("gamified", { winChance: 1 }),
      { count: 4, state: { wins: 1 } },
      { count: 6, state: { wins: 2 } },
    );
    expect(result.rewardsIssued).toBe(0);
    expect(shown).toMatchObject({ current: 10 });
    expect(shown.line.values).toMatchObject({ plays: 10, wins: 3 });
  });

  it("other: visits add up", async () => {
    const { shown } = await mergeOne(program("other", {}), { count: 2 }, { count: 3 });
    expect(shown).toMatchObject({ current: 5 });
  });
});

describe("merging a guest: what moves", () => {
  it("a business only the guest knows: its card, visits, rewards, push subscriptions and tap answers become the account's", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(2)] });
    const guest = await createGuest();
    const { user: account } = await createUser();
    for (const day of [1, 2])
      await recordVisit({ userId: guest.id, tagId: tag.id, source: "TAG", now: new Date(`2026-03-0${day}T10:00:00Z`) });
    await db.pushSubscription.create({
      data: { userId: guest.id, endpoint: `https://fcm.googleapis.com/fcm/send/${guest.id}`, p256dh: "k", auth: "a" },
    });
    await db.tapIdempotencyKey.create({
      data: { userId: guest.id, key: `key-${guest.id}`, status: 200, body: {}, createdAt: NOW },
    });

    const result = await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now: NOW });
    expect(result).toEqual({ merged: true, businesses: 1, rewardsIssued: 0 });
    const [card] = await listWallet(account.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 2, availableRewards: 1 });
    expect(card!.history).toHaveLength(2);
    expect(await db.pushSubscription.count({ where: { userId: account.id } })).toBe(1);
    expect(await db.tapIdempotencyKey.count({ where: { userId: account.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { businessId: business.id, action: "CUSTOMER_MERGED" } })).toBe(1);
  });

  it("an Apple Wallet pass of the guest's card follows it to the account's card, unless the account has its own", async () => {
    const { business } = await createBusiness({ programs: [stampsProgram(10)] });
    const { id: programId } = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
    const pass = (membershipId: string) =>
      db.applePass.create({
        data: {
          serialNumber: `s-${membershipId}`,
          authenticationToken: "t".repeat(32),
          membershipId,
          businessName: "B",
        },
      });
    const guest = await createGuest();
    const { user: account } = await createUser();
    const guestPass = await pass((await cardOf(guest.id, business.id, programId, { count: 1 })).id);
    const accountCard = await cardOf(account.id, business.id, programId, { count: 1 });
    await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now: NOW });
    expect(await db.applePass.findUniqueOrThrow({ where: { id: guestPass.id } })).toMatchObject({
      membershipId: accountCard.id,
      voidedAt: null,
    });

    const second = await createGuest();
    const secondPass = await pass((await cardOf(second.id, business.id, programId, { count: 1 })).id);
    await mergeGuestIntoAccount({ guestId: second.id, accountId: account.id, now: NOW });
    // The account's card keeps the pass it has; the second guest's is voided, not left dangling.
    expect(await db.applePass.findUniqueOrThrow({ where: { id: secondPass.id } })).toMatchObject({
      membershipId: null,
      voidedAt: expect.any(Date),
    });
  });

  it("ten merges of one guest at once merge it exactly once: nothing doubled, one audit entry", async () => {
    const { business } = await createBusiness({ programs: [stampsProgram(10)] });
    const { id: programId } = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
    const guest = await createGuest();
    const { user: account } = await createUser();
    await cardOf(guest.id, business.id, programId, { count: 3 }, 3);
    await cardOf(account.id, business.id, programId, { count: 4 }, 4);

    const results = await Promise.all(
      Array.from({ length: 10 }, () => mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now: NOW })),
    );
    expect(results.filter((r) => r.merged)).toHaveLength(1);
    const [card] = await listWallet(account.id, NOW);
    expect(card).toMatchObject({ visitCount: 7 });
    expect(card!.programs[0]!.progress).toMatchObject({ current: 7 });
    expect(await db.auditLog.count({ where: { businessId: business.id, action: "CUSTOMER_MERGED" } })).toBe(1);
  });

  it("the daily tap limit counts the guest's and the account's visits of the day together", async () => {
    const { business, tag } = await createBusiness({ dailyTapLimit: 2, programs: [stampsProgram(10)] });
    const guest = await createGuest();
    const { user: account } = await createUser();
    const now = new Date();
    const tap = (userId: string) => recordVisit({ userId, tagId: tag.id, source: "TAG", now });
    expect((await tap(guest.id)).ok).toBe(true);
    expect((await tap(account.id)).ok).toBe(true);

    await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.id, now });
    // Two visits today at a business that allows two: the account's next one is refused.
    expect(await tap(account.id)).toMatchObject({ ok: false, reason: "limit_reached" });
    expect(await db.tap.count({ where: { businessId: business.id, userId: account.id } })).toBe(2);
  });

  it("a disabled account or a guest is refused, and nothing changes", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const guest = await createGuest();
    const otherGuest = await createGuest();
    const { user: disabled } = await createUser({ disabledAt: new Date() });
    await recordVisit({ userId: guest.id, tagId: tag.id, source: "TAG", now: NOW });

    expect(await mergeGuestIntoAccount({ guestId: guest.id, accountId: disabled.id, now: NOW })).toMatchObject({
      merged: false,
    });
    expect(await mergeGuestIntoAccount({ guestId: guest.id, accountId: otherGuest.id, now: NOW })).toMatchObject({
      merged: false,
    });
    expect(await mergeGuestIntoAccount({ guestId: guest.id, accountId: guest.id, now: NOW })).toMatchObject({
      merged: false,
    });
    const [card] = await listWallet(guest.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 1 });
    expect(await listWallet(otherGuest.id, NOW)).toHaveLength(0);
    expect(await db.auditLog.count({ where: { businessId: business.id, action: "CUSTOMER_MERGED" } })).toBe(0);
  });
});

describe("signing in as a guest merges the guest", () => {
  async function guestWithCard() {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const guest = await createGuest();
    await recordVisit({ userId: guest.id, tagId: tag.id, source: "TAG", now: NOW });
    return { business, guest, cookie: await guestCookie(guest) };
  }

  it("POST /api/auth/login with the guest's cookie: the card is the account's, and the account is signed in", async () => {
    const { business, guest, cookie } = await guestWithCard();
    const email = uniqueEmail("merge");
    const { user: account } = await createUser({ email, passwordHash: await hashPassword(PASSWORD) });

    const res = await call(login, "POST", "/api/auth/login", { body: { email, password: PASSWORD }, cookie });
    expect(res.status).toBe(200);
    expect(cookieFrom(res.headers, SESSION_COOKIE)).toBeDefined();
    const [card] = await listWallet(account.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 1 });
    expect(await db.user.findUnique({ where: { id: guest.id } })).toBeNull();
  });

  it("the log-in form with the guest's cookie: the card is the account's", async () => {
    const { business, guest, cookie } = await guestWithCard();
    const email = uniqueEmail("merge");
    const { user: account } = await createUser({ email, passwordHash: await hashPassword(PASSWORD) });
    request.headers = new Headers({ cookie, "x-loyaltap-client-ip": "10.9.1.1" });
    request.cookies.clear();

    expect(await loginAction({ email, password: PASSWORD }, "/dashboard")).toEqual({
      ok: true,
      redirectTo: "/dashboard",
    });
    expect(request.cookies.get(SESSION_COOKIE)).toBeDefined();
    const [card] = await listWallet(account.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 1 });
    expect(await db.user.findUnique({ where: { id: guest.id } })).toBeNull();
  });

  it("a merge that fails fails the sign-in, says why, and keeps the guest's card and cookie", async () => {
    const { business, guest, cookie } = await guestWithCard();
    const email = uniqueEmail("merge");
    await createUser({ email, passwordHash: await hashPassword(PASSWORD) });
    request.headers = new Headers({ cookie, "x-loyaltap-client-ip": "10.9.1.2" });
    request.cookies.clear();
    mockMergeFailure.on = true;
    try {
      const res = await call(login, "POST", "/api/auth/login", { body: { email, password: PASSWORD }, cookie });
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(/couldn't move the card/);
      expect(cookieFrom(res.headers, SESSION_COOKIE)).toBeUndefined();
      const form = await loginAction({ email, password: PASSWORD }, "/dashboard");
      expect(form).toMatchObject({ ok: false, error: expect.stringMatching(/couldn't move the card/) });
      expect(request.cookies.has(SESSION_COOKIE)).toBe(false);
    } finally {
      mockMergeFailure.on = false;
    }
    const [card] = await listWallet(guest.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 1 });
  });

  it("POST /api/auth/register with the guest's cookie: the new account holds the guest's card", async () => {
    const { business, guest, cookie } = await guestWithCard();
    const email = uniqueEmail("merge");
    const res = await call(register, "POST", "/api/auth/register", {
      body: { email, password: PASSWORD, metadata: { first_name: "Ana", last_name: "Ruiz" }, tap_id: null },
      cookie,
    });
    expect(res.status).toBe(201);
    const account = await db.user.findUniqueOrThrow({ where: { email } });
    const [card] = await listWallet(account.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 1 });
    expect(await db.user.findUnique({ where: { id: guest.id } })).toBeNull();
  });

  it("Google: the account Auth.js signs in gets the guest's card; a failed merge refuses the sign-in", async () => {
    const { business, guest, cookie } = await guestWithCard();
    const { user: account } = await createUser();
    request.headers = new Headers({ cookie });
    mockMergeFailure.on = true;
    try {
      await expect(mergeGuestOnOAuthSignIn({ user: { id: account.id }, trigger: "signIn" })).rejects.toBeInstanceOf(
        GuestMergeFailed,
      );
    } finally {
      mockMergeFailure.on = false;
    }
    expect(await listWallet(account.id, NOW)).toHaveLength(0);

    await mergeGuestOnOAuthSignIn({ user: { id: account.id }, trigger: "signIn" });
    const [card] = await listWallet(account.id, NOW);
    expect(card).toMatchObject({ businessId: business.id, visitCount: 1 });
    expect(await db.user.findUnique({ where: { id: guest.id } })).toBeNull();
  });

  it("Google's callback reaches Auth.js without the guest's cookie (so Google is never linked to the guest)", async () => {
    const { cookie } = await guestWithCard();
    const request = new NextRequest("http://localhost/api/auth/callback/google?code=x", {
      headers: { cookie: `${cookie}; authjs.callback-url=%2F` },
    });
    const handed = await withoutGuestSession(request);
    expect(handed.cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(handed.cookies.get("authjs.callback-url")?.value).toBe("/");
  });
});
