import { randomBytes } from "node:crypto";
import { startCluster, type Cluster } from "./support/cluster";
import { send } from "./support/http";
import { createProgram, register, registerOwner, stampsProgramInput, tap, type Person } from "./support/roles";

// Every date and time a person reads is on the business's clock, never the
// server's (docs/i18n.md, "Time zones"). The server runs in Pacific/Kiritimati
// (UTC+14), the business is in Europe/Madrid, and the rows sit at instants
// whose day or hour differs between the two, around Madrid's change to summer
// time (2026-03-29 01:00 UTC):
//
//   instant                  Madrid               Kiritimati          UTC
//   LATE  2026-03-28 22:30Z  Mar 28 23:30 (CET)   Mar 29 12:30        Mar 28
//   NIGHT 2026-03-28 23:30Z  Mar 29 00:30 (CET)   Mar 29 13:30        Mar 28
//   EARLY 2026-03-29 00:30Z  Mar 29 01:30 (CET)   Mar 29 14:30        Mar 29
//   AFTER 2026-03-29 01:30Z  Mar 29 03:30 (CEST)  Mar 29 15:30        Mar 29
//   NEXT  2027-03-27 22:30Z  Mar 27 23:30 (CET)   Mar 28 12:30        Mar 27
//
// Admin and account pages belong to no business: they show UTC and say so.

const SERVER_ZONE = "Pacific/Kiritimati";
const LATE = "2026-03-28T22:30:00Z";
const NIGHT = "2026-03-28T23:30:00Z";
const EARLY = "2026-03-29T00:30:00Z";
const AFTER = "2026-03-29T01:30:00Z";
const NEXT = "2027-03-27T22:30:00Z";

let cluster: Cluster;
let owner: Person & { businessId: string | null };
let member: Person;
let admin: Person;
let tagId: string;
let rewardId: string;

const url = () => cluster.instances[0]!.url;

async function page(person: Person, path: string): Promise<string> {
  const answer = await send({ method: "GET", url: url() + path, headers: { cookie: person.cookie } });
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return answer.text;
}

beforeAll(async () => {
  cluster = await startCluster({ instances: 1, env: { TZ: SERVER_ZONE } });
  cluster.sql.on("error", (error) => console.warn(`reliability pool: ${error.message}`));
  const tag = randomBytes(4).toString("hex");
  tagId = `tz-${tag}`;
  owner = await registerOwner(url(), "tz-owner", { name: `Reloj ${tag}` }, tagId);
  member = await register(url(), {
    email: `tz-member-${tag}@example.test`,
    metadata: { first_name: "Mara", last_name: "Member" },
  });
  admin = await register(url(), {
    email: `tz-admin-${tag}@example.test`,
    metadata: { first_name: "Ad", last_name: "Min" },
  });
  const sql = (text: string, values: unknown[]) => cluster.sql.query(text, values);
  await sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
  const businessId = owner.businessId!;
  await sql(`UPDATE "Business" SET timezone = 'Europe/Madrid' WHERE id = $1`, [businessId]);
  await createProgram(url(), owner, stampsProgramInput(businessId, "Cafe card", "Free coffee"));
  await tap(url(), member, tagId);

  // The rows at the instants above.
  await sql(`UPDATE "Tag" SET "claimedAt" = $2, "lastVerifiedAt" = $3 WHERE id = $1`, [tagId, LATE, AFTER]);
  await sql(`UPDATE "Membership" SET "linkedAt" = $2, "firstVisitAt" = $2, "lastVisitAt" = $3 WHERE "userId" = $1`, [
    member.id,
    LATE,
    NIGHT,
  ]);
  await sql(`UPDATE "Tap" SET "createdAt" = $2, "day" = '2026-03-28' WHERE "userId" = $1`, [member.id, LATE]);
  await sql(
    `INSERT INTO "Tap" ("id", "businessId", "tagId", "userId", "membershipId", "day", "createdAt")
     SELECT gen_random_uuid()::text, "businessId", "tagId", "userId", "membershipId", '2026-03-29', $2 FROM "Tap" WHERE "userId" = $1`,
    [member.id, EARLY],
  );
  const reward = await sql(`UPDATE "Reward" SET "issuedAt" = $2, "expiresAt" = $3 WHERE "userId" = $1 RETURNING id`, [
    member.id,
    EARLY,
    NEXT,
  ]);
  rewardId = reward.rows[0].id;
  await sql(`UPDATE "RewardEvent" SET "createdAt" = $2 WHERE "rewardId" = $1`, [rewardId, EARLY]);
  await sql(
    `INSERT INTO "StaffInvite" ("id", "businessId", "email", "tokenHash", "expiresAt")
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4)`,
    [businessId, `tz-staff-${tag}@example.test`, randomBytes(32).toString("hex"), NEXT],
  );
  await sql(
    `INSERT INTO "Campaign" ("id", "businessId", "name", "message", "seed", "scheduledAt", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'Spring', 'Come back soon', 'seed', $2, now())`,
    [businessId, NEXT],
  );
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
});

describe(`the server in ${SERVER_ZONE}, the business in Europe/Madrid`, () => {
  it("the server really runs far from Madrid", async () => {
    // The cluster passes TZ to the server; its own clock would show LATE as Mar 29.
    expect(new Intl.DateTimeFormat("en", { timeZone: SERVER_ZONE, day: "numeric" }).format(new Date(LATE))).toBe("29");
  });

  it("the owner's tag list and verification log", async () => {
    const id = encodeURIComponent(owner.businessId!);
    expect(await page(owner, `/dashboard/business/${id}?tab=tags`)).toContain("claimed Mar 28, 2026");
    expect(await page(owner, `/dashboard/tag/${tagId}/secure`)).toMatch(/Mar 29, 2026, 3:30\s?AM/u);
  });

  it("the owner's customer list and customer page", async () => {
    const id = encodeURIComponent(owner.businessId!);
    const list = await page(owner, `/dashboard/business/${id}/customers`);
    expect(list).toContain("Mar 28, 2026"); // linked LATE
    expect(list).toContain("Mar 29, 2026"); // last visit NIGHT
    const card = await page(owner, `/dashboard/business/${id}/customers/${member.id}`);
    expect(card).toContain("Member since Mar 28, 2026");
    expect(card).toContain("Mar 28, 2026 23:30"); // the visit at LATE
    expect(card).toContain("Mar 29, 2026 01:30"); // the visit at EARLY
  });

  it("the owner's staff, campaigns and reward pages", async () => {
    const id = encodeURIComponent(owner.businessId!);
    expect(await page(owner, `/dashboard/business/${id}/staff`)).toContain("Mar 27, 2027 23:30");
    expect(await page(owner, `/dashboard/business/${id}/campaigns`)).toContain("Mar 27, 2027 23:30");
    const reward = await page(owner, `/dashboard/redeem-reward/${rewardId}`);
    expect(reward).toContain("Mar 27, 2027"); // expires NEXT
    expect(reward).toContain("Mar 29, 2026 01:30"); // earned EARLY
  });

  it("the owner's CSV export writes Madrid's clock with its offset", async () => {
    const id = encodeURIComponent(owner.businessId!);
    const csv = await page(owner, `/api/business/${id}/export?kind=visits`);
    expect(csv).toContain("2026-03-28T23:30:00+01:00");
    expect(csv).toContain("2026-03-29T01:30:00+01:00");
  });

  it("the customer's home", async () => {
    // NIGHT: Mar 28 in UTC, Mar 29 in Madrid.
    expect(await page(member, "/dashboard")).toContain("Last visit: Mar 29, 2026");
  });

  it("the customer's rewards and wallet", async () => {
    expect(await page(member, "/dashboard/rewards")).toContain("valid until Mar 27, 2027");
    expect(await page(member, "/dashboard/wallet")).toContain("Mar 28, 2026"); // the visit at LATE
  });

  it("the admin's pages show UTC and say so", async () => {
    const detail = await page(admin, `/admin/users/${member.id}`);
    expect(detail).toContain("Mar 28, 2026 22:30 UTC"); // the visit at LATE
    expect(detail).toContain("Mar 29, 2026 00:30 UTC"); // the visit at EARLY
  });
});
