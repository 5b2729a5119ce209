#!/usr/bin/env node
// npm run bench:holds — how many visits the review queue's default hold rules
// (lib/review/rules.ts, docs/review-queue.md) would hold on the year of data
// the owner bench uses (seedYearOfData: 50,000 members, 500,000 visits). A
// benchmark: it prints figures and asserts nothing. It creates its own database
// (BENCH_PG_URL's server; BENCH_DB_NAME to name it), seeds the year, then
// replays every visit in time order through decideHold with the defaults,
// building each visit's inputs as the visit's hold read would (the member's
// last 20 visits, the tag's last hour and the week before it).
//
// The seed's visits carry no tag and no location, so it replays them twice:
// as seeded, and with each visit put on one of two tags at one counter (by the
// visit's hash), so the tag rules have something to count. The bench business
// publishes no opening hours (as the seed makes it), so the off-hours rule has
// nothing to compare with; its line says how many members would be "always
// outside" 08:00–20:00 if it did (the seed spreads visits evenly over the 24
// hours, which no café's customers do).
// Run with node --import tsx (the npm script does), so the rules load as the server loads them.
import path from "node:path";
import pg from "pg";
import { root, run as runCommand, seedYearOfData } from "./lib.mjs";

const MEMBERS = Number(process.env.BENCH_MEMBERS || 50_000);
const VISITS = Number(process.env.BENCH_VISITS || 500_000);
const REWARDS = Number(process.env.BENCH_REWARDS || 30_000);
const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = process.env.BENCH_DB_NAME || `loyaltap_bench_holds_${Date.now()}`;
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

async function createBusiness(client) {
  await client.query(
    `INSERT INTO "User" ("id", "email", "updatedAt") VALUES ('bench-owner', 'owner@bench.example', now())`,
  );
  await client.query(
    `INSERT INTO "Business" ("id", "slug", "ownerId", "name", "timezone", "updatedAt")
     VALUES ('bench-business', 'bench-holds', 'bench-owner', 'Bench Café', 'Europe/Madrid', now())`,
  );
  return "bench-business";
}

/** Replays the visits in time order; `tagOf(visit)` puts it on a tag (or none). */
function replay(visits, rules, decideHold, tagOf) {
  const recentByUser = new Map();
  const tagTimes = new Map(); // tag → its visits' times, oldest first (a week and an hour of them)
  const held = { tag_spread: 0, tag_burst: 0, guest_address: 0, off_hours: 0 };
  let total = 0;
  for (const visit of visits) {
    const at = visit.at.getTime();
    const tagId = tagOf(visit);
    const recent = recentByUser.get(visit.userId) ?? [];
    let times = tagId ? tagTimes.get(tagId) : null;
    if (tagId && !times) tagTimes.set(tagId, (times = []));
    let tagLastHour = 0;
    let tagPriorWeek = null;
    let tagPriorWeekFirst = null;
    if (times) {
      while (times.length && times[0] <= at - WEEK - HOUR) times.shift();
      let i = times.length;
      while (i > 0 && times[i - 1] > at - HOUR) i--;
      tagLastHour = times.length - i;
      tagPriorWeek = tagLastHour + 1 >= 10 ? i : null;
      tagPriorWeekFirst = tagPriorWeek ? new Date(times[0]) : null;
    }
    const hold = decideHold(rules, {
      now: visit.at,
      tagId: tagId ?? "none",
      locationId: null,
      recent,
      tagLastHour,
      tagPriorWeek,
      tagPriorWeekFirst,
      guestCardsFromAddress: [],
      locations: new Map(),
    });
    total++;
    if (hold) held[hold.reason]++;
    // A held visit is not a visit until approved: it does not join the inputs.
    else {
      recent.unshift({ tagId, locationId: null, at: visit.at });
      if (recent.length > 20) recent.pop();
      recentByUser.set(visit.userId, recent);
      if (times) times.push(at);
    }
  }
  return { total, held };
}

function report(name, { total, held }) {
  const all = Object.values(held).reduce((a, b) => a + b, 0);
  console.log(
    `| ${name} | ${total} | ${all} | ${((100 * all) / total).toFixed(3)} % | ${Object.entries(held)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")} |`,
  );
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    await runCommand(process.execPath, [path.join(root, "scripts/db.mjs"), "migrate"], {
      ...process.env,
      DATABASE_URL: url.toString(),
    });
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const businessId = await createBusiness(client);
    await seedYearOfData(client, businessId, { members: MEMBERS, visits: VISITS, rewards: REWARDS });
    const { rows } = await client.query(
      `SELECT "id", "userId", "tagId", ("createdAt" AT TIME ZONE 'UTC') AS "at" FROM "Tap" WHERE "businessId" = $1 ORDER BY "createdAt", "id"`,
      [businessId],
    );
    await client.end();

    const { DEFAULT_REVIEW_RULES, decideHold } = await import("../lib/review/rules.ts");
    const hash = (id) => [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
    console.log(`\nThe default hold rules over the year of data (${rows.length} visits, ${MEMBERS} members):\n`);
    console.log("| replay | visits | held | share | by rule |");
    console.log("| --- | --- | --- | --- | --- |");
    report(
      "as seeded (no tag, no location)",
      replay(rows, DEFAULT_REVIEW_RULES, decideHold, (v) => v.tagId),
    );
    report(
      "two tags at one counter",
      replay(rows, DEFAULT_REVIEW_RULES, decideHold, (v) => `tag-${hash(v.id) & 1}`),
    );

    // Off-hours, if the café published 08:00–20:00 every day (UTC+1 as a fixed approximation of Madrid).
    const byUser = new Map();
    for (const v of rows) {
      const hour = (v.at.getUTCHours() + 1) % 24;
      const outside = hour < 8 || hour >= 20;
      const seen = byUser.get(v.userId) ?? { visits: 0, outside: 0 };
      seen.visits++;
      if (outside) seen.outside++;
      byUser.set(v.userId, seen);
    }
    const always = [...byUser.values()].filter((s) => s.visits >= 3 && s.outside === s.visits).length;
    console.log(
      `\nIf the café published 08:00–20:00: ${always} of ${byUser.size} members (${((100 * always) / byUser.size).toFixed(2)} %) have ≥ 3 visits, all outside them — the seed spreads visits over all 24 hours.`,
    );
  } finally {
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
