import { startCluster, type Cluster } from "./support/cluster";
import {
  businessRegistration,
  createBusinessWithTag,
  fromClient,
  inBatches,
  login,
  PASSWORD,
  postJson,
  refresh,
  registerCustomer,
  registerOwner,
  tally,
  tap,
  unique,
} from "./support/actors";
import { callServerAction } from "./support/server-actions";

// Races settled by the database, with two production instances on one
// PostgreSQL: every burst is split over both, so no per-process lock or cache
// can be what holds the line.

let cluster: Cluster;
let urls: [string, string];
/** Instance for the i-th request of a burst: alternate A, B, A, B… */
const on = (i: number) => urls[i % 2]!;

beforeAll(async () => {
  // Two instances behind one load balancer: X-Forwarded-For names the client.
  cluster = await startCluster({ instances: 2, env: { REGISTRATION_LIMIT_PER_HOUR: "0", TRUST_PROXY_HOPS: "1" } });
  urls = [cluster.instances[0]!.url, cluster.instances[1]!.url];
});
afterAll(async () => {
  await cluster?.stop();
});

const count = async (query: string, params: unknown[]) =>
  (await cluster.sql.query<{ n: number }>(query, params)).rows[0]!.n;

test("100 concurrent taps of one customer on one tag, split over both instances, record exactly the daily limit", async () => {
  const limit = 5;
  const business = await createBusinessWithTag(urls[0], cluster.sql, { dailyTapLimit: limit, stampsRequired: 100 });
  const customer = await registerCustomer(urls[1]);
  const now = "2026-03-10T11:00:00Z";

  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => tap(on(i), customer.accessToken, business.tagId, now)),
  );

  expect(tally(results.map((r) => r.status))).toEqual({ 200: limit, 429: 100 - limit });
  for (const refused of results.filter((r) => r.status === 429)) {
    expect(refused.body).toMatchObject({
      type: "limit_reached",
      message: "You have reached the maximum number of taps allowed for today.",
    });
  }
  const where = [customer.id, business.businessId];
  expect(await count(`SELECT count(*)::int AS n FROM "Tap" WHERE "userId" = $1 AND "businessId" = $2`, where)).toBe(
    limit,
  );
  expect(
    await count(
      `SELECT COALESCE(sum("count"), 0)::int AS n FROM "DailyTapCount" WHERE "userId" = $1 AND "businessId" = $2`,
      where,
    ),
  ).toBe(limit);
  expect(
    await count(`SELECT "visitCount" AS n FROM "Membership" WHERE "userId" = $1 AND "businessId" = $2`, where),
  ).toBe(limit);
  expect(
    await count(
      `SELECT p."count" AS n FROM "Progress" p JOIN "Membership" m ON m."id" = p."membershipId" WHERE m."userId" = $1 AND m."businessId" = $2`,
      where,
    ),
  ).toBe(limit);
  // Every 200 told the customer a different stamp count: 1..limit, each once.
  const stamps = results
    .filter((r) => r.status === 200)
    .map((r) => (r.body as { active_programs: { result: { current: number } }[] }).active_programs[0]!.result.current)
    .sort((a, b) => a - b);
  expect(stamps).toEqual(Array.from({ length: limit }, (_, i) => i + 1));
});

test("50 concurrent claims of one unclaimed tag (dashboard claims and wizard registrations) leave exactly one owner", async () => {
  const tagId = `rel-free-${unique()}`;
  // The tag is known but unclaimed (a row with no business), as a tag the operator has issued.
  await cluster.sql.query(`INSERT INTO "Tag" ("id", "updatedAt") VALUES ($1, now())`, [tagId]);
  const owners = await inBatches(Array.from({ length: 40 }), 4, (_, i) => registerOwner(on(i)));
  const wizardEmails = Array.from({ length: 10 }, () => `wizard-${unique()}@example.test`);

  type Claim = { ok: boolean; businessId?: string; code?: string; error?: string };
  const claims = owners.map((owner, i) =>
    callServerAction(on(i), "claimTagAction", [{ tagId, businessId: owner.businessId }], { cookie: owner.cookie }).then(
      (r) => ({
        kind: "claim" as const,
        businessId: owner.businessId,
        status: r.status,
        ok: (r.result as Claim | undefined)?.ok === true,
        code: (r.result as Claim | undefined)?.code,
      }),
    ),
  );
  const wizards = wizardEmails.map((email, i) =>
    postJson<{ business_id?: string; code?: string }>(
      on(i + 1),
      "/api/auth/register",
      businessRegistration(email, `Wizard ${unique()}`, tagId),
    ).then((r) => ({
      kind: "wizard" as const,
      email,
      businessId: r.body.business_id,
      status: r.status,
      ok: r.status === 201,
      code: r.body.code,
    })),
  );
  const results = await Promise.all([...claims, ...wizards]);

  const winners = results.filter((r) => r.ok);
  expect(winners).toHaveLength(1);
  const losers = results.filter((r) => !r.ok);
  // A clear refusal for every other claimant: the action says so, the API answers 409.
  for (const loser of losers) {
    expect(loser.code).toBe("tap_already_claimed");
    expect(loser.status).toBe(loser.kind === "wizard" ? 409 : 200);
  }
  const { rows } = await cluster.sql.query<{ businessId: string; claimedById: string }>(
    `SELECT "businessId", "claimedById" FROM "Tag" WHERE "id" = $1`,
    [tagId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.businessId).toBe(winners[0]!.businessId);
  // A wizard registration that lost created nothing at all (one transaction).
  const lostWizards = results.filter((r) => r.kind === "wizard" && !r.ok).map((r) => (r as { email: string }).email);
  expect(await count(`SELECT count(*)::int AS n FROM "User" WHERE "email" = ANY($1)`, [lostWizards])).toBe(0);
});

test("20 concurrent redemptions of one reward by its business's owner, split over both instances: one succeeds, one event", async () => {
  const business = await createBusinessWithTag(urls[0], cluster.sql, { dailyTapLimit: 1, stampsRequired: 1 });
  const customer = await registerCustomer(urls[1]);
  // On the real clock: the reward expires 30 days after it is earned.
  const earned = await tap(urls[1], customer.accessToken, business.tagId);
  expect(earned.status).toBe(200);
  const reward = (earned.body as { rewards_earned: { id: string; code: string }[] }).rewards_earned[0]!;
  expect(reward.code).toMatch(/^[A-Z0-9]{8}$/);

  type Redeemed = { ok: boolean; error?: string };
  // A scanned QR and a typed code (once checked) are both confirmed by the reward's id.
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      callServerAction(on(i), "redeemRewardAction", [reward.id], { cookie: business.cookie }),
    ),
  );
  const results = answers.map((a) => ({ status: a.status, result: a.result as Redeemed | undefined }));
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(results.filter((r) => r.result?.ok === true)).toHaveLength(1);
  for (const refused of results.filter((r) => r.result?.ok !== true)) {
    expect(refused.result).toEqual({ ok: false, error: expect.stringMatching(/^This reward was already redeemed/) });
  }
  expect(
    await count(`SELECT count(*)::int AS n FROM "Reward" WHERE "id" = $1 AND "status" = 'REDEEMED'`, [reward.id]),
  ).toBe(1);
  expect(
    await count(`SELECT count(*)::int AS n FROM "RewardEvent" WHERE "rewardId" = $1 AND "type" = 'REDEEMED'`, [
      reward.id,
    ]),
  ).toBe(1);
});

test("20 concurrent registrations with one email, split over both instances: one account, the rest 409", async () => {
  const email = `twenty-${unique()}@example.test`;
  // From 20 addresses: the per-address throttle of "email already exists"
  // answers (which would turn some 409s into 429s) is not what is raced here.
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      postJson(
        on(i),
        "/api/auth/register",
        { email, password: PASSWORD, metadata: { first_name: `Try ${i}` } },
        fromClient(`198.51.100.${i + 1}`),
      ),
    ),
  );
  expect(tally(results.map((r) => r.status))).toEqual({ 201: 1, 409: 19 });
  for (const refused of results.filter((r) => r.status === 409)) {
    expect(refused.body).toMatchObject({ status: "error", message: "An account with this email already exists." });
  }
  expect(await count(`SELECT count(*)::int AS n FROM "User" WHERE lower("email") = lower($1)`, [email])).toBe(1);
});

test("one refresh token raced 10 times on both instances yields at most one new token pair", async () => {
  const customer = await registerCustomer(urls[0]);
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => refresh(on(i), customer.refreshToken)));

  expect(tally(results.map((r) => r.status))).toEqual({ 200: 1, 400: 9 });
  const winner = results.find((r) => r.status === 200)!;
  expect(winner.body.access_token).toEqual(expect.any(String));
  expect(winner.body.refresh_token).toEqual(expect.any(String));
  expect(winner.body.refresh_token).not.toBe(customer.refreshToken);
  for (const refused of results.filter((r) => r.status === 400)) expect(refused.body.error).toBe("invalid_grant");
  // The registration's token and exactly one successor: no second pair was minted.
  expect(await count(`SELECT count(*)::int AS n FROM "RefreshToken" WHERE "userId" = $1`, [customer.id])).toBe(2);
});

// Last in the file: it exhausts the login limits of the one client address it guesses from.
test("the login limit counts guesses on both instances together and holds under 100 parallel guesses", async () => {
  const LOGIN_MAX_FAILURES = 10;
  const customer = await registerCustomer(urls[0]);
  const guesses: Promise<{ status: number; right: boolean }>[] = [];
  let answered = 0;
  const guess = (i: number, password: string) =>
    login(on(i), customer.email, password, fromClient("203.0.113.50")).then((r) => {
      answered++;
      return { status: r.status, right: password === customer.password };
    });
  for (let i = 0; i < 100; i++) {
    if (i === 30) {
      // The right password, sent once at least 20 wrong guesses have been answered: the limit is reached by then.
      while (answered < 20) await new Promise((resolve) => setTimeout(resolve, 5));
      guesses.push(guess(i, customer.password));
    } else {
      guesses.push(guess(i, `wrong-guess-${i}`));
    }
  }
  const results = await Promise.all(guesses);

  const statuses = tally(results.map((r) => r.status));
  expect(statuses[200] ?? 0).toBe(0);
  expect(statuses[401] ?? 0).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
  expect((statuses[401] ?? 0) + (statuses[429] ?? 0)).toBe(100);
  expect(results.find((r) => r.right)!.status).toBe(429);
});
