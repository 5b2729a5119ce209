import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { db } from "@/lib/db";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { stopBoss } from "@/lib/jobs/boss";
import { recordVisit } from "@/lib/tap/record-visit";

// The locations migration on a database that ran Loyaltap before it
// (docs/locations.md, "The migration"): a database of its own is built with
// the migrations before it, a business is seeded there with tags, visits, a
// card, a reward and a purchase as the app wrote them, then the migration
// runs. Each business gets one location from its own name, address, place and
// zone, every tag, visit and purchase is at it, and the app's own code (this
// file's database is the migrated one) reads the customer's card as before and
// records the next tap as it would have.

const LOCATIONS = "20261128025003_locations";
const MIGRATIONS = path.join(process.cwd(), "prisma", "migrations");
const migrations = readdirSync(MIGRATIONS)
  .filter((name) => /^\d{14}_/.test(name))
  .sort();
const before = migrations.filter((name) => name < LOCATIONS);
const after = migrations.filter((name) => name > LOCATIONS);
const sqlOf = (name: string) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");

const testUrl = process.env.DATABASE_URL!;
const withDatabase = (url: string, database: string) => {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
};

/**
 * An empty database for this file alone: a database of its own on the tests'
 * PostgreSQL server, or, on the embedded database (one session for every
 * test file), an embedded PGlite of its own, started as jest's global setup
 * starts the shared one.
 */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!process.env.LOYALTAP_EMBEDDED_DATABASE) {
    const name = `loyaltap_locmig_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const onServer = async (statement: string) => {
      const admin = new pg.Client({ connectionString: withDatabase(testUrl, "postgres") });
      await admin.connect();
      try {
        await admin.query(statement);
      } finally {
        await admin.end();
      }
    };
    await onServer(`CREATE DATABASE "${name}"`);
    return { url: withDatabase(testUrl, name), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const { LOYALTAP_DATA_DIR: _shared, ...env } = process.env;
  const child = spawn(process.execPath, ["scripts/db/serve-embedded.mjs"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  return {
    url: (JSON.parse(line) as { url: string }).url,
    async drop() {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

// A business as the app left it before locations: two claimed tags (one with a label), a stamps
// card of 3 with 2 stamps after visits on either tag, an earlier reward, a purchase; a second
// business without an address or tags; an unclaimed tag.
const SEED = `
INSERT INTO "User" ("id", "email", "firstName", "lastName", "updatedAt") VALUES
  ('mig-owner', 'mig-owner@example.test', 'Olga', 'Owner', now()),
  ('mig-other-owner', 'mig-other-owner@example.test', 'Oriol', 'Owner', now()),
  ('mig-customer', 'mig-customer@example.test', 'Carles', 'Client', now());
INSERT INTO "Business" ("id", "slug", "ownerId", "name", "address", "placeId", "timezone", "dailyTapLimit", "keywords", "createdAt", "updatedAt") VALUES
  ('mig-biz', 'forn-vell', 'mig-owner', 'Forn Vell', 'Carrer Major 1, Girona', 'ChIJ-forn-vell', 'Atlantic/Canary', 1, ARRAY['Bakery'], '2026-05-01T08:00:00', now()),
  ('mig-biz-2', 'taller', 'mig-other-owner', 'Taller', NULL, NULL, 'Europe/Madrid', 1, ARRAY['Shop'], '2026-05-02T08:00:00', now());
INSERT INTO "Tag" ("id", "businessId", "label", "claimedAt", "claimedById", "updatedAt") VALUES
  ('mig-tag-counter', 'mig-biz', 'Counter', '2026-05-01T09:00:00', 'mig-owner', now()),
  ('mig-tag-door', 'mig-biz', NULL, '2026-05-01T09:00:00', 'mig-owner', now());
INSERT INTO "Tag" ("id", "updatedAt") VALUES ('mig-tag-free', now());
INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "createdAt", "updatedAt") VALUES
  ('mig-program', 'mig-biz', 'stamps', 'Bread card', '{"stampsRequired": 3}', 'Free loaf', '2026-05-01T09:00:00', now());
INSERT INTO "Membership" ("id", "userId", "businessId", "via", "linkedAt", "visitCount", "firstVisitAt", "lastVisitAt", "rewardsEarned", "rewardsReady") VALUES
  ('mig-member', 'mig-customer', 'mig-biz', 'TAP', '2026-05-10T10:00:00', 5, '2026-05-10T10:00:00', '2026-06-02T10:00:00', 1, 1);
INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "updatedAt") VALUES
  ('mig-progress', 'mig-member', 'mig-program', 2, 5, now());
INSERT INTO "Tap" ("id", "businessId", "tagId", "userId", "membershipId", "source", "day", "createdAt") VALUES
  ('mig-tap-1', 'mig-biz', 'mig-tag-counter', 'mig-customer', 'mig-member', 'TAG', '2026-05-10', '2026-05-10T10:00:00'),
  ('mig-tap-2', 'mig-biz', 'mig-tag-door', 'mig-customer', 'mig-member', 'TAG', '2026-05-11', '2026-05-11T10:00:00'),
  ('mig-tap-3', 'mig-biz', 'mig-tag-counter', 'mig-customer', 'mig-member', 'TAG', '2026-05-12', '2026-05-12T10:00:00'),
  ('mig-tap-4', 'mig-biz', NULL, 'mig-customer', 'mig-member', 'QR', '2026-06-01', '2026-06-01T10:00:00'),
  ('mig-tap-5', 'mig-biz', 'mig-tag-door', 'mig-customer', 'mig-member', 'TAG', '2026-06-02', '2026-06-02T10:00:00');
INSERT INTO "DailyTapCount" ("userId", "businessId", "day", "count") VALUES ('mig-customer', 'mig-biz', '2026-06-02', 1);
INSERT INTO "Reward" ("id", "code", "businessId", "programId", "membershipId", "userId", "tapId", "name", "status", "issuedAt") VALUES
  ('mig-reward', 'MIGR2345', 'mig-biz', 'mig-program', 'mig-member', 'mig-customer', 'mig-tap-3', 'Free loaf', 'AVAILABLE', '2026-05-12T10:00:00');
INSERT INTO "Purchase" ("id", "businessId", "membershipId", "amountCents", "currency", "actorKind", "actorId", "createdAt") VALUES
  ('mig-purchase', 'mig-biz', 'mig-member', 1250, 'EUR', 'owner', 'mig-owner', '2026-06-01T10:05:00');
`;

let client: pg.Client;
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  scratch = await scratchDatabase();
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  for (const migration of before) await client.query(sqlOf(migration));
  await client.query(SEED);
  await client.query(sqlOf(LOCATIONS));
}, 60_000);

afterAll(async () => {
  await stopBoss();
  await db.$disconnect();
  await client?.end();
  await scratch?.drop();
});

type LocationRow = { id: string; businessId: string; name: string; address: string | null; placeId: string | null };

describe("the locations migration on existing data", () => {
  it("gives each business one open location from its own name, address, place and zone", async () => {
    const { rows } = await client.query(
      `SELECT "businessId", "name", "address", "placeId", "timezone", "position", "closedAt", "openingHours"
       FROM "Location" ORDER BY "businessId"`,
    );
    expect(rows).toEqual([
      {
        businessId: "mig-biz",
        name: "Forn Vell",
        address: "Carrer Major 1, Girona",
        placeId: "ChIJ-forn-vell",
        timezone: "Atlantic/Canary",
        position: 0,
        closedAt: null,
        openingHours: [],
      },
      {
        businessId: "mig-biz-2",
        name: "Taller",
        address: null,
        placeId: null,
        timezone: "Europe/Madrid",
        position: 0,
        closedAt: null,
        openingHours: [],
      },
    ]);
  });

  it("puts every tag, visit and purchase of a business at its location; an unclaimed tag at none", async () => {
    const { rows: locations } = await client.query<LocationRow>(`SELECT "id", "businessId" FROM "Location"`);
    const at = new Map(locations.map((l) => [l.businessId, l.id]));
    const { rows: tags } = await client.query(`SELECT "id", "locationId" FROM "Tag" ORDER BY "id"`);
    expect(tags).toEqual([
      { id: "mig-tag-counter", locationId: at.get("mig-biz") },
      { id: "mig-tag-door", locationId: at.get("mig-biz") },
      { id: "mig-tag-free", locationId: null },
    ]);
    const { rows: taps } = await client.query(`SELECT DISTINCT "locationId" FROM "Tap"`);
    expect(taps).toEqual([{ locationId: at.get("mig-biz") }]);
    const { rows: purchases } = await client.query(`SELECT "locationId" FROM "Purchase"`);
    expect(purchases).toEqual([{ locationId: at.get("mig-biz") }]);
    // Every program and every staff member runs and works everywhere, as before.
    const { rows: programs } = await client.query(`SELECT "allLocations" FROM "Program"`);
    expect(programs).toEqual([{ allLocations: true }]);
  });

  describe("the app on the migrated database", () => {
    beforeAll(async () => {
      for (const migration of after) await client.query(sqlOf(migration));
      // From here the app's own code reads and writes this database (its pool opens on first use).
      process.env.DATABASE_URL = scratch.url;
    });
    afterAll(() => {
      process.env.DATABASE_URL = testUrl;
    });

    it("reads the customer's card as before: visits, progress, rewards and history", async () => {
      const business = (await getCounterBusiness("mig-owner", "mig-biz"))!;
      const card = (await getCustomerCard("mig-owner", business, "mig-customer", new Date("2026-06-03T12:00:00Z")))!;
      expect(card.visitCount).toBe(5);
      expect(card.programs.map((p) => [p.name, p.progress.current, p.progress.target])).toEqual([["Bread card", 2, 3]]);
      expect(card.rewards.ready.map((r) => [r.code, r.name, r.programName])).toEqual([
        ["MIGR2345", "Free loaf", "Bread card"],
      ]);
      expect(card.history.map((h) => (h.kind === "visit" ? [h.id, h.tagLabel, h.source] : h.kind))).toEqual([
        ["mig-tap-5", "mig-tag-door", "TAG"],
        ["mig-tap-4", null, "QR"],
        ["mig-tap-3", "Counter", "TAG"],
        ["mig-tap-2", "mig-tag-door", "TAG"],
        ["mig-tap-1", "Counter", "TAG"],
      ]);
    });

    it("records the next tap on an old tag as before, at the business's location", async () => {
      const now = new Date("2026-06-03T12:00:00Z");
      const outcome = await recordVisit({ userId: "mig-customer", tagId: "mig-tag-counter", source: "TAG", now });
      expect(outcome).toMatchObject({ ok: true, newlyLinked: false, visitNumber: 6, localDate: "2026-06-03" });
      if (!outcome.ok) throw new Error("refused");
      expect(outcome.programs.map((p) => [p.programName, p.rewardsIssued])).toEqual([["Bread card", 1]]);
      const [location] = (await client.query<LocationRow>(`SELECT "id" FROM "Location" WHERE "businessId" = 'mig-biz'`))
        .rows;
      const { rows } = await client.query(`SELECT "locationId", "membershipId" FROM "Tap" WHERE "id" = $1`, [
        outcome.tapId,
      ]);
      expect(rows).toEqual([{ locationId: location!.id, membershipId: "mig-member" }]);
      // The daily limit still counts per business, on its own clock: a second tap that day is refused.
      const again = await recordVisit({
        userId: "mig-customer",
        tagId: "mig-tag-door",
        source: "TAG",
        now: new Date(now.getTime() + 60_000),
      });
      expect(again).toMatchObject({ ok: false, reason: "limit_reached" });
    });

    it("a business created after the migration gets its first location with it; a new tag hangs there", async () => {
      await client.query(
        `INSERT INTO "Business" ("id", "slug", "ownerId", "name", "address", "timezone", "updatedAt")
         VALUES ('mig-biz-3', 'nou', 'mig-owner', 'Nou', 'Plaça 3', 'Europe/Lisbon', now())`,
      );
      await client.query(
        `INSERT INTO "Tag" ("id", "businessId", "claimedAt", "claimedById", "updatedAt")
         VALUES ('mig-tag-new', 'mig-biz-3', now(), 'mig-owner', now())`,
      );
      const { rows } = await client.query(
        `SELECT l."name", l."address", l."timezone", t."id" AS "tagId"
         FROM "Location" l LEFT JOIN "Tag" t ON t."locationId" = l."id" WHERE l."businessId" = 'mig-biz-3'`,
      );
      expect(rows).toEqual([{ name: "Nou", address: "Plaça 3", timezone: "Europe/Lisbon", tagId: "mig-tag-new" }]);
    });
  });
});
