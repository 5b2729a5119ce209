import { GET, POST } from "@/app/api/tap/route";
import { db } from "@/lib/db";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram, uid } from "../support/fixtures";

process.env.LOYALTAP_TEST_CLOCK = "1";
const at = (iso: string) => ({ "x-loyaltap-now": iso });

afterAll(() => db.$disconnect());

const tapsOf = (userId: string) => db.tap.count({ where: { userId } });

describe("GET /api/tap", () => {
  it("unknown tag: exists false", async () => {
    const id = `unknown-${uid()}`;
    const res = await call(GET, "GET", "/api/tap", { query: { id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "success", tag_id: id, exists: false });
  });

  it("unclaimed tag: exists true, business null", async () => {
    const id = `free-${uid()}`;
    await db.tag.create({ data: { id } });
    const res = await call(GET, "GET", "/api/tap", { query: { id } });
    expect(res.json).toEqual({ status: "success", tag_id: id, exists: true, business: null });
  });

  it("claimed tag: the public card and the active programs, nothing private", async () => {
    const { business, tag } = await createBusiness({
      programs: [stampsProgram(10), { ...stampsProgram(5), name: "Paused card", active: false }],
    });
    const res = await call(GET, "GET", "/api/tap", { query: { id: tag.id } });
    expect(res.json).toMatchObject({
      status: "success",
      tag_id: tag.id,
      exists: true,
      business: { id: business.id, name: business.name },
    });
    const programs = (res.json.business as { programs: { name: string }[] }).programs;
    expect(programs.map((p) => p.name)).toEqual(["Coffee card"]);
    expect(res.text).not.toMatch(/ownerId|passwordHash|dailyTapLimit/);
    expect(res.json).not.toHaveProperty("linked");
  });

  it("a business owner on an unknown or unclaimed tag is sent to claim it; a customer is not", async () => {
    const { owner } = await createBusiness();
    const customer = await createUser();
    const free = `free-${uid()}`;
    await db.tag.create({ data: { id: free } });
    for (const id of [`unknown-${uid()}`, free]) {
      expect((await call(GET, "GET", "/api/tap", { query: { id }, bearer: owner.bearer })).json.redirect_to_claim).toBe(
        true,
      );
      expect((await call(GET, "GET", "/api/tap", { query: { id }, bearer: customer.bearer })).json).not.toHaveProperty(
        "redirect_to_claim",
      );
    }
  });

  it("an owner on a tag of their own business is sent to the dashboard", async () => {
    const { owner, tag } = await createBusiness();
    const res = await call(GET, "GET", "/api/tap", { query: { id: tag.id }, bearer: owner.bearer });
    expect(res.json.redirect_to_dashboard).toBe(true);
  });

  it("signed in: says whether the customer is linked, with their progress — and never writes", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser();
    const before = await call(GET, "GET", "/api/tap", { query: { id: tag.id }, bearer: customer.bearer });
    expect(before.json).toMatchObject({ linked: false, progress: [] });
    expect(await tapsOf(customer.user.id)).toBe(0);
    await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer });
    const after = await call(GET, "GET", "/api/tap", { query: { id: tag.id }, bearer: customer.bearer });
    expect(after.json).toMatchObject({ linked: true, progress: [{ current: 1, target: 10, label: "1/10 stamps" }] });
    expect(await tapsOf(customer.user.id)).toBe(1);
  });

  it("missing or malformed ids are clear 400s", async () => {
    const missing = await call(GET, "GET", "/api/tap");
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("No tag ID provided");
    for (const id of ["../etc", "a b", "x".repeat(65), "<script>"]) {
      const res = await call(GET, "GET", "/api/tap", { query: { id } });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/^Invalid tag ID/);
    }
  });
});

describe("POST /api/tap", () => {
  it("needs a signed-in customer: a visitor (or crawler) records nothing", async () => {
    const { tag, business } = await createBusiness({ programs: [stampsProgram(10)] });
    const res = await call(POST, "POST", "/api/tap", { body: { id: tag.id } });
    expect(res.status).toBe(401);
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("an unclaimed tag records nothing (404), the owner's own tag neither (409)", async () => {
    const customer = await createUser();
    const free = `free-${uid()}`;
    await db.tag.create({ data: { id: free } });
    expect((await call(POST, "POST", "/api/tap", { body: { id: free }, bearer: customer.bearer })).status).toBe(404);
    const { owner, tag } = await createBusiness();
    const own = await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: owner.bearer });
    expect(own.status).toBe(409);
    expect(own.json.code).toBe("own_business");
    expect(await tapsOf(owner.user.id)).toBe(0);
  });

  it("the first tap links the customer and adds a stamp", async () => {
    const { tag, business } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser();
    const res = await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "success",
      progress_updated: true,
      newly_linked: true,
      rewards_earned: [],
      active_programs: [{ type: "stamps", name: "Coffee card", result: { type: "stamps", current: 1, target: 10 } }],
    });
    const membership = await db.membership.findUniqueOrThrow({
      where: { userId_businessId: { userId: customer.user.id, businessId: business.id } },
    });
    expect(membership).toMatchObject({ via: "TAP", visitCount: 1 });
  });

  it("with the default limit of 1 a second tap the same day is refused with 429 and the limit message", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser();
    const headers = at("2026-03-10T09:00:00Z");
    expect(
      (await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer, headers })).status,
    ).toBe(200);
    const again = await call(POST, "POST", "/api/tap", {
      body: { id: tag.id },
      bearer: customer.bearer,
      headers: at("2026-03-10T18:00:00Z"),
    });
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({
      status: "error",
      type: "limit_reached",
      message: "You have reached the maximum number of taps allowed for today.",
      // Added beside the spec's fields: when the next visit counts, midnight on the business's clock (Madrid, UTC+1).
      next_visit: { kind: "daily_limit", at: "2026-03-10T23:00:00.000Z", time_zone: "Europe/Madrid", day: "tomorrow" },
    });
    expect(await tapsOf(customer.user.id)).toBe(1);
  });

  it("with a limit of 3, three taps count and the fourth is refused", async () => {
    const { tag } = await createBusiness({ dailyTapLimit: 3, programs: [stampsProgram(10)] });
    const customer = await createUser();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await call(POST, "POST", "/api/tap", {
            body: { id: tag.id },
            bearer: customer.bearer,
            headers: at(`2026-03-10T1${i}:00:00Z`),
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("the day is the business's calendar day, in its time zone", async () => {
    // New York: 03:30Z on the 11th is still the evening of the 10th there.
    const { tag } = await createBusiness({ timezone: "America/New_York", programs: [stampsProgram(10)] });
    const customer = await createUser();
    const tap = (iso: string) =>
      call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer, headers: at(iso) });
    expect((await tap("2026-03-10T15:00:00Z")).status).toBe(200);
    expect((await tap("2026-03-11T03:30:00Z")).status).toBe(429); // same local day (23:30 on the 10th)
    expect((await tap("2026-03-11T05:00:00Z")).status).toBe(200); // 01:00 on the 11th in New York
  });

  it("30 concurrent taps by one customer record exactly the limit", async () => {
    const { tag, business } = await createBusiness({ dailyTapLimit: 3, programs: [stampsProgram(100)] });
    const customer = await createUser();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(POST, "POST", "/api/tap", {
          body: { id: tag.id },
          bearer: customer.bearer,
          headers: at("2026-04-01T10:00:00Z"),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(27);
    expect(await tapsOf(customer.user.id)).toBe(3);
    const progress = await db.progress.findFirstOrThrow({
      where: { membership: { userId: customer.user.id, businessId: business.id } },
    });
    expect(progress.count).toBe(3);
  }, 30_000);

  it("stamps add up over days and the reward is issued with a code when the card is full", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(3)] });
    const customer = await createUser();
    const tap = (day: number) =>
      call(POST, "POST", "/api/tap", {
        body: { id: tag.id },
        bearer: customer.bearer,
        headers: at(`2026-05-0${day}T10:00:00Z`),
      });
    await tap(1);
    await tap(2);
    const third = await tap(3);
    expect(third.json).toMatchObject({ active_programs: [{ type: "reward_earned", result: { type: "stamps" } }] });
    const [reward] = third.json.rewards_earned as { code: string; name: string }[];
    expect(reward).toMatchObject({ name: "Free coffee" });
    expect(reward!.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const stored = await db.reward.findUniqueOrThrow({ where: { code: reward!.code } });
    expect(stored).toMatchObject({ status: "AVAILABLE", userId: customer.user.id });
    expect(stored.expiresAt?.toISOString()).toBe("2026-06-02T10:00:00.000Z");
  });

  it("a business without programs still records and links the visit", async () => {
    const { tag } = await createBusiness();
    const customer = await createUser();
    const res = await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ progress_updated: false, type: "no_programs", active_programs: [] });
    expect(await tapsOf(customer.user.id)).toBe(1);
  });

  it("a disabled account's valid token records nothing (401)", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser({ disabledAt: new Date() });
    const res = await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer });
    expect(res.status).toBe(401);
    expect(await tapsOf(customer.user.id)).toBe(0);
    expect(await db.dailyTapCount.count({ where: { userId: customer.user.id } })).toBe(0);
  });

  it("a disabled owner's business is withdrawn: its tag is not found and records nothing, until the owner is enabled again", async () => {
    const { owner, tag } = await createBusiness({ programs: [stampsProgram(10)] });
    const customer = await createUser();
    await db.user.update({ where: { id: owner.user.id }, data: { disabledAt: new Date() } });
    expect((await call(GET, "GET", "/api/tap", { query: { id: tag.id } })).json).toEqual({
      status: "success",
      tag_id: tag.id,
      exists: false,
    });
    // Not offered for claiming either: the tag stays the withdrawn business's.
    const { owner: otherOwner } = await createBusiness();
    expect(
      (await call(GET, "GET", "/api/tap", { query: { id: tag.id }, bearer: otherOwner.bearer })).json,
    ).not.toHaveProperty("redirect_to_claim");
    const refused = await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer });
    expect(refused.status).toBe(404);
    expect(await tapsOf(customer.user.id)).toBe(0);
    expect(await db.membership.count({ where: { userId: customer.user.id } })).toBe(0);

    await db.user.update({ where: { id: owner.user.id }, data: { disabledAt: null } });
    expect((await call(POST, "POST", "/api/tap", { body: { id: tag.id }, bearer: customer.bearer })).status).toBe(200);
    expect(await tapsOf(customer.user.id)).toBe(1);
  });

  it("bad bodies are 400s", async () => {
    const customer = await createUser();
    expect((await call(POST, "POST", "/api/tap", { body: {}, bearer: customer.bearer })).json.message).toBe(
      "No tag ID provided",
    );
    expect((await call(POST, "POST", "/api/tap", { body: { id: "no spaces" }, bearer: customer.bearer })).status).toBe(
      400,
    );
    expect((await call(POST, "POST", "/api/tap", { rawBody: "{", bearer: customer.bearer })).status).toBe(400);
  });
});
