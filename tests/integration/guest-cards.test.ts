import { POST as start } from "@/app/tap/start/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as tapApi } from "@/app/api/tap/route";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { db } from "@/lib/db";
import { sweepIdleGuests } from "@/lib/auth/sweep-idle-guests";
import { enableSecureTag } from "@/lib/db/secure-tags";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { updateBusinessProfile } from "@/lib/business/update-profile";
import { recordVisit } from "@/lib/tap/record-visit";
import { loadTapState } from "@/lib/tap/state";
import { profileFormValues } from "@/lib/validation/business-profile-form";
import { businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { storedAnswer } from "@/lib/tap/idempotency";
import { GET as exportRoute } from "@/app/api/business/[id]/export/route";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { listCustomers } from "@/lib/db/customers";
import { cardNumberFor } from "@/lib/loyalty/card-number";
import { customerListParamsSchema } from "@/lib/validation/customers";
import { call, cookieFrom } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { randomTagKeys, randomUidHex, sunParams } from "../support/sun";

// "Start my card" (docs/authentication.md, "Guests"): the visitor tap page's
// form posts to /tap/start, which makes a guest and records its first visit.

afterAll(() => db.$disconnect());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };

function post(fields: Record<string, string>, headers: Record<string, string> = {}, cookie?: string) {
  return call(start, "POST", "/tap/start", {
    rawBody: form(fields),
    headers: { ...FORM, ...headers },
    ...(cookie ? { cookie } : {}),
  });
}

const guestsAt = (tagId: string) => db.tap.count({ where: { tagId, user: { guest: true } } });

async function cafe(options: { dailyTapLimit?: number; guestCards?: boolean } = {}) {
  const setup = await createBusiness({ dailyTapLimit: options.dailyTapLimit ?? 1, programs: [stampsProgram(10)] });
  if (options.guestCards === false)
    await db.business.update({ where: { id: setup.business.id }, data: { guestCards: false } });
  return setup;
}

describe("POST /tap/start", () => {
  it("makes a guest, records its first visit, signs the device in and answers 303 to the visit's answer", async () => {
    const { tag } = await cafe();
    const res = await post({ id: tag.id, lang: "es" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, "http://localhost");
    expect(location.pathname).toBe("/tap");
    expect(location.searchParams.get("id")).toBe(tag.id);
    const key = location.searchParams.get("visit")!;

    const visits = await db.tap.findMany({ where: { tagId: tag.id }, include: { user: true } });
    expect(visits).toHaveLength(1);
    const guest = visits[0]!.user!;
    expect(guest).toMatchObject({ guest: true, email: null, passwordHash: null, role: "CUSTOMER", language: "es" });

    // The stored answer the tap page shows: the first stamp of ten.
    const stored = await storedAnswer(guest.id, key, new Date());
    expect(stored?.httpStatus).toBe(200);
    expect(JSON.stringify(stored?.body)).toContain('"current":1');

    const cookie = cookieFrom(res.headers, SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/HttpOnly/i);

    // The cookie is the guest's session: /api/auth/me says so.
    const who = await call(me, "GET", "/api/auth/me", { cookie });
    expect(who.status).toBe(200);
    expect(who.json.user).toMatchObject({ id: guest.id, guest: true, email: null });
  });

  it("an account's /api/auth/me keeps the product's shape (no guest field)", async () => {
    const { bearer } = await createUser();
    const who = await call(me, "GET", "/api/auth/me", { bearer });
    expect(who.json.user).not.toHaveProperty("guest");
  });

  it("the owner's switch off → 403 with a message in the page's language, and nothing created", async () => {
    const { tag } = await cafe({ guestCards: false });
    const before = await db.user.count({ where: { guest: true } });
    const res = await post({ id: tag.id, lang: "es" });
    expect(res.status).toBe(403);
    expect(res.text).toContain("Este negocio no ofrece tarjetas sin cuenta");
    expect(res.text).toContain(`/tap?id=${tag.id}`);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await db.user.count({ where: { guest: true } })).toBe(before);
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(0);
  });

  it("the owner turns the switch off in the profile: the tag page drops the button and the post is refused", async () => {
    const { owner, business, tag } = await cafe({ dailyTapLimit: 5 });
    const state = async () => {
      const s = await loadTapState(tag.id, null);
      return s.kind === "business" ? s.guestCards : null;
    };
    expect(await state()).toBe(true);
    expect((await post({ id: tag.id })).status).toBe(303);
    const stored = (await getOwnedBusiness(owner.user.id, business.id))!;
    const edit = businessProfileUpdateSchema.parse({
      ...profileFormValues(stored),
      phone: "+34 600 000 000",
      address: "Carrer Major 1",
      guestCards: false,
    });
    expect(await updateBusinessProfile(owner.user.id, business.id, edit)).not.toBeNull();
    expect(await state()).toBe(false);
    expect((await post({ id: tag.id })).status).toBe(403);
    expect(await guestsAt(tag.id)).toBe(1);
  });

  it("a tag whose business runs no program today offers no card", async () => {
    const setup = await createBusiness({ programs: [] });
    const s = await loadTapState(setup.tag.id, null);
    expect(s.kind === "business" && s.guestCards).toBe(false);
  });

  it("a request that carries a session records that person's visit, no guest; the same form again replays it", async () => {
    const { tag } = await cafe({ dailyTapLimit: 5 });
    const customer = await createUser();
    const cookie = `${SESSION_COOKIE}=${await sessionCookieOf(customer.user)}`;
    const before = await db.user.count({ where: { guest: true } });
    const first = await post({ id: tag.id }, {}, cookie);
    expect(first.status).toBe(303);
    const again = await post({ id: tag.id }, {}, cookie);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await db.tap.count({ where: { tagId: tag.id, userId: customer.user.id } })).toBe(1);
    expect(await db.user.count({ where: { guest: true } })).toBe(before);
  });

  it("60 cards from one café address in an hour pass; a script's burst is stopped with 429 and nothing created", async () => {
    const { tag } = await cafe();
    const ip = `10.60.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 60; i++) {
      const res = await post({ id: tag.id, lang: "en" }, { "x-loyaltap-client-ip": ip });
      expect(res.status).toBe(303);
    }
    expect(await guestsAt(tag.id)).toBe(60);
    // The default allowance is 100 an hour: the 101st of the burst is refused.
    for (let i = 60; i < 100; i++) await post({ id: tag.id }, { "x-loyaltap-client-ip": ip });
    const refused = await post({ id: tag.id, lang: "en" }, { "x-loyaltap-client-ip": ip });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many cards were started from your network");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await guestsAt(tag.id)).toBe(100);
    // Another address is not held back.
    expect((await post({ id: tag.id }, { "x-loyaltap-client-ip": `${ip}9` })).status).toBe(303);
  }, 60_000);

  it("a secure tag needs its SUN message: without one or with a forged one nothing is created; a valid one starts the card", async () => {
    const setup = await cafe({ dailyTapLimit: 5 });
    const keys = randomTagKeys();
    expect(await enableSecureTag(setup.owner.user.id, setup.tag.id, keys)).toBe(true);
    const chip = randomUidHex();
    const before = await db.user.count({ where: { guest: true } });

    const bare = await post({ id: setup.tag.id });
    expect(bare.status).toBe(403);
    const forged = await post({ id: setup.tag.id, ...sunParams(keys, chip, 1), cmac: "0".repeat(16) });
    expect(forged.status).toBe(403);
    expect(await db.user.count({ where: { guest: true } })).toBe(before);
    expect(await db.tap.count({ where: { tagId: setup.tag.id } })).toBe(0);

    const good = await post({ id: setup.tag.id, ...sunParams(keys, chip, 1) });
    expect(good.status).toBe(303);
    expect(await guestsAt(setup.tag.id)).toBe(1);
    // The same link again is spent: no second guest.
    const replay = await post({ id: setup.tag.id, ...sunParams(keys, chip, 1) });
    expect(replay.status).toBe(409);
    expect(replay.text).toContain("This tap link was already used");
    expect(await db.user.count({ where: { guest: true } })).toBe(before + 1);
  });

  it("the daily tap limit holds for a guest", async () => {
    const { tag } = await cafe({ dailyTapLimit: 1 });
    const res = await post({ id: tag.id });
    const cookie = cookieFrom(res.headers, SESSION_COOKIE)!;
    const second = await call(tapApi, "POST", "/api/tap", { body: { id: tag.id }, cookie });
    expect(second.status).toBe(429);
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(1);
  });

  it("a guest earns even where email confirmation is required (it has no email); an unconfirmed account does not", async () => {
    const saved = process.env.REQUIRE_EMAIL_VERIFICATION;
    process.env.REQUIRE_EMAIL_VERIFICATION = "1";
    try {
      const { tag } = await cafe({ dailyTapLimit: 5 });
      expect((await post({ id: tag.id })).status).toBe(303);
      expect(await guestsAt(tag.id)).toBe(1);
      const account = await createUser();
      const refused = await call(tapApi, "POST", "/api/tap", { body: { id: tag.id }, bearer: account.bearer });
      expect(refused.status).toBe(403);
    } finally {
      if (saved === undefined) delete process.env.REQUIRE_EMAIL_VERIFICATION;
      else process.env.REQUIRE_EMAIL_VERIFICATION = saved;
    }
  });

  it.each([
    ["no tag id", { lang: "es" }],
    ["a malformed tag id", { id: "no spaces allowed" }],
    ["a NUL byte", { id: "t-\u0000" }],
    ["an unknown language", { id: "t-x", lang: "fr" }],
    ["an oversized SUN field", { id: "t-x", cmac: "0".repeat(500) }],
  ])("bad input (%s) → 400, nothing created", async (_label, fields) => {
    const before = await db.user.count({ where: { guest: true } });
    const res = await post(fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await db.user.count({ where: { guest: true } })).toBe(before);
  });

  it("a post from another site is refused (403), nothing created", async () => {
    const { tag } = await cafe();
    const res = await post({ id: tag.id }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(0);
  });
});

describe("a guest in the owner's tools", () => {
  it("is marked as a guest in the customers list, on the customer card (with its card number) and in the export", async () => {
    const { owner, business, tag } = await cafe();
    const res = await post({ id: tag.id });
    expect(res.status).toBe(303);
    const membership = await db.membership.findFirstOrThrow({ where: { businessId: business.id } });
    const page = await listCustomers(owner.user.id, business.id, customerListParamsSchema.parse({}));
    expect(page?.rows).toEqual([expect.objectContaining({ guest: true, id: membership.id })]);
    const counter = (await getCounterBusiness(owner.user.id, business.id))!;
    const card = await getCustomerCard(owner.user.id, counter, membership.userId);
    expect(card?.customer).toMatchObject({ guest: true, cardNumber: cardNumberFor(membership.id) });
    expect(cardNumberFor(membership.id)).toMatch(/^[0-9A-F]{12}$/);

    const url = new URL(`http://localhost/api/business/${business.id}/export?kind=customers`);
    const csv = await exportRoute(new Request(url, { headers: { authorization: `Bearer ${owner.bearer}` } }), {
      params: Promise.resolve({ id: business.id }),
    });
    // Every field is quoted (lib/export/csv.ts); none of these holds a comma.
    const cells = (line: string) => line.replace(/^\uFEFF/, "").split(",");
    const lines = (await csv.text()).split("\r\n");
    const column = cells(lines[0]!).indexOf('"Guest"');
    expect(column).toBeGreaterThan(0);
    expect(cells(lines[1]!)[column]).toBe('"yes"');
  }, 30_000);
});

describe("the sweep of idle guests", () => {
  it("deletes guests idle for 12 months and keeps active ones and accounts", async () => {
    const { business, tag } = await cafe({ dailyTapLimit: 5 });
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    const mk = () => db.user.create({ data: { guest: true, createdAt: longAgo } });
    const idle = await mk();
    const active = await mk();
    const idleAccount = await createUser({ createdAt: longAgo });
    const visit = (userId: string, now: Date) =>
      recordVisit({ userId, businessId: business.id, tagId: tag.id, source: "TAG", now });
    await visit(idle.id, new Date(Date.now() - 390 * 86_400_000));
    await visit(active.id, new Date(Date.now() - 30 * 86_400_000));
    const young = await db.user.create({ data: { guest: true } });

    await sweepIdleGuests(new Date());
    const left = new Set((await db.user.findMany({ select: { id: true } })).map((u) => u.id));
    expect(left.has(idle.id)).toBe(false);
    expect(left.has(active.id)).toBe(true);
    expect(left.has(young.id)).toBe(true);
    expect(left.has(idleAccount.user.id)).toBe(true);

    // A year on with no visit, the active one goes too (the clock moved).
    await sweepIdleGuests(new Date(Date.now() + 340 * 86_400_000));
    expect(await db.user.count({ where: { id: active.id } })).toBe(0);
  });

  it("works in batches", async () => {
    const longAgo = new Date(Date.now() - 800 * 86_400_000);
    await db.user.createMany({ data: Array.from({ length: 7 }, () => ({ guest: true, createdAt: longAgo })) });
    expect(await sweepIdleGuests(new Date(), 3)).toBeGreaterThanOrEqual(7);
    expect(await db.user.count({ where: { guest: true, createdAt: longAgo } })).toBe(0);
  });
});

async function sessionCookieOf(user: { id: string; role: "CUSTOMER" | "BUSINESS_OWNER" | "ADMIN" | string }) {
  const { encodeSessionToken } = await import("@/lib/auth/session-cookie");
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  return encodeSessionToken({
    id: row.id,
    role: row.role as never,
    name: row.name,
    email: row.email,
    sessionVersion: row.sessionVersion,
  });
}
