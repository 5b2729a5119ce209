#!/usr/bin/env node
// npm run bench:campaign — a campaign to 50,000 members of a busy business, on
// the production build and PostgreSQL (a benchmark: it prints figures, it
// asserts nothing). Run under tsx with the react-server condition (the npm
// script does), so it calls the product's own campaign functions as the
// owner's page would. Steps:
//   1. a scratch database (BENCH_PG_URL's server), the app on it with its
//      in-process job worker, mail going to an SMTP stand-in on loopback;
//   2. the owner's business seeded with a year of data (bench/lib.mjs,
//      seedYearOfData: BENCH_MEMBERS members, all consenting, mail verified)
//      and a second business whose tag the tap load hits;
//   3. the tap's p99 (POST /api/tap, a fresh customer per request) with no campaign;
//   4. (a) queueing: scheduleCampaign for every member (recipients, the
//      seeded holdout and the start job, one transaction), timed;
//   5. (b) delivery: recipients marked SENT during BENCH_SECONDS with nothing
//      else running, then (c) the tap's p99 under the same tap loads while the
//      campaign sends (and the delivery meanwhile): a steady BENCH_TAP_RATE
//      taps a second (a counter's traffic) and 20 connections back to back
//      (the most this machine serves).
// Web push is not measured: a production server posts only to public push
// services, never to a loopback stand-in.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import {
  BENCH_AUTH_SECRET as AUTH_SECRET,
  cannon,
  createCustomers,
  ensureBuild,
  freePort,
  postTapOptions,
  root,
  run as runCommand,
  seedYearOfData,
  signUpAndIn,
  startApp,
  stopApp,
  summarise,
  waitFor200,
} from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = 20;
// A counter's steady traffic: taps arrive at this rate whatever the server is doing (open loop),
// well under what this machine serves at saturation, so a slower tap shows as a higher p99
// rather than as fewer requests. BENCH_TAP_RATE=0 skips it.
const TAP_RATE = Number(process.env.BENCH_TAP_RATE ?? 30);
// The steady measures last longer than the saturating ones: at 30 taps a second, 60 s gives 1,800
// taps, so the p99 is the 18th slowest rather than the 6th of a 20 s run (which moved by ±40 ms
// between identical runs).
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS || 60);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 50_000);
const VISITS = Number(process.env.BENCH_VISITS || 500_000);
const REWARDS = Number(process.env.BENCH_REWARDS || 30_000);
const TAPPERS = Number(process.env.BENCH_CUSTOMERS || 20_000);
const TAG = "bench-campaign-tap";
// BENCH_WORKER=process: the app with JOB_WORKER=off and the job worker as a process of its own at
// the lowest CPU priority, as deploy/ runs it; default: the worker inside the app server.
const WORKER_PROCESS = process.env.BENCH_WORKER === "process";

function startWorkerProcess(env) {
  return spawn(
    "nice",
    [
      "-n",
      "19",
      process.execPath,
      "--conditions=react-server",
      "--no-experimental-global-navigator",
      "--import",
      "tsx",
      path.join(root, "scripts/worker.ts"),
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] },
  );
}
const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = process.env.BENCH_DB_NAME || `loyaltap_bench_campaign_${Date.now()}`;

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** Every member consents to the business's marketing and has a confirmed address; no quiet hours (equal ends), and none was messaged yet, so the cap does not bite. */
async function reachable(client, businessId) {
  await client.query(
    `INSERT INTO "MarketingConsent" ("userId", "businessId", "source")
     SELECT "userId", "businessId", 'bench' FROM "Membership" WHERE "businessId" = $1`,
    [businessId],
  );
  await client.query(
    `UPDATE "User" u SET "emailVerified" = now(), "notificationsEnabled" = true
     FROM "Membership" m WHERE m."userId" = u."id" AND m."businessId" = $1`,
    [businessId],
  );
  await client.query(
    `INSERT INTO "OutreachSettings" ("businessId", "capMessages", "capDays", "quietStartMinute", "quietEndMinute")
     VALUES ($1, 3, 3, 0, 0)`,
    [businessId],
  );
}

/** A tag (and a stamp card) for the tap load, on a business of its own so the segment stays MEMBERS. */
async function tapTarget(client, businessId) {
  await client.query(
    `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'stamps', 'Coffee card', '{"stampsRequired": 10}', 'Free coffee', now())`,
    [businessId],
  );
  await client.query(
    `INSERT INTO "Tag" ("id", "businessId", "claimedAt", "claimedById", "updatedAt")
     SELECT $2, "id", now(), "ownerId", now() FROM "Business" WHERE "id" = $1`,
    [businessId, TAG],
  );
}

const sentCount = async (client, campaignId) =>
  (
    await client.query(
      `SELECT count(*)::int AS n FROM "CampaignRecipient" WHERE "campaignId" = $1 AND "status" = 'SENT'`,
      [campaignId],
    )
  ).rows[0].n;

async function main() {
  await ensureBuild();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  let child;
  let worker;
  let smtp;
  let client;
  try {
    await runCommand(process.execPath, [path.join(root, "scripts/db.mjs"), "migrate"], {
      ...process.env,
      DATABASE_URL: databaseUrl,
    });
    // 1. The SMTP stand-in, the app (its job worker in-process, as deployed by default).
    const { startSmtpStandIn } = await import("../tests/support/smtp-server.ts");
    smtp = await startSmtpStandIn();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: databaseUrl, AUTH_SECRET, AUTH_URL: base, SITE_URL: base, SMTP_URL: smtp.url };
    child = startApp({
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      REGISTRATION_LIMIT_PER_HOUR: "0",
      SEED_DEMO: "0",
      ...(WORKER_PROCESS ? { JOB_WORKER: "off" } : {}),
    });
    if (WORKER_PROCESS) worker = startWorkerProcess({ ...env, NODE_ENV: "production" });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    await waitFor200(`${base}/about`).catch((error) => {
      console.error(log.slice(-3000));
      throw error;
    });

    // 2. The owner's business with a year of data, everyone reachable by mail; the tapped business.
    const owner = await signUpAndIn(base, {
      email: `bench-owner-${Date.now()}@bench.example`,
      password: "bench owner password",
      business: "Bench Café",
    });
    const other = await signUpAndIn(base, {
      email: `bench-other-${Date.now()}@bench.example`,
      password: "bench owner password",
      business: "Bench Bakery",
    });
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const t0 = process.hrtime.bigint();
    const programId = await seedYearOfData(client, owner.businessId, {
      members: MEMBERS,
      visits: VISITS,
      rewards: REWARDS,
    });
    await reachable(client, owner.businessId);
    await tapTarget(client, other.businessId);
    await client.query("VACUUM ANALYZE");
    const seedMs = ms(t0);
    const [{ ownerId }] = (await client.query(`SELECT "ownerId" FROM "Business" WHERE "id" = $1`, [owner.businessId]))
      .rows;

    // 3. The tap with no campaign (after a warm-up).
    const pool = { tokens: await createCustomers(databaseUrl, TAPPERS), next: 0 };
    const taps = (duration, overallRate) =>
      cannon(`${base}/api/tap`, {
        connections: CONNECTIONS,
        duration,
        ...(overallRate ? { overallRate } : {}),
        ...postTapOptions(TAG, pool),
      });
    await taps(3);
    const quiet = summarise("POST /api/tap, no campaign", await taps(SECONDS));
    const steadyQuiet = TAP_RATE
      ? summarise(`POST /api/tap at ${TAP_RATE}/s, no campaign`, await taps(STEADY_SECONDS, TAP_RATE))
      : null;
    console.log(`(seeded in ${(seedMs / 1000).toFixed(1)} s; tap with no campaign: p99 ${quiet.p99} ms)`);

    // 4. (a) Queueing: the product's own functions, in this process, as the owner's page calls them.
    Object.assign(process.env, env);
    const { createCampaign, scheduleCampaign, cancelCampaign } = await import("../lib/campaigns/manage.ts");
    const created = await createCampaign(ownerId, {
      businessId: owner.businessId,
      name: "We miss you",
      message: "Come back this week: a stamp on us.",
      segment: {},
      offer: { kind: "STAMPS", programId, amount: 1, validDays: 30 },
      holdoutPercent: 10,
    });
    if (!created.ok) throw new Error(`createCampaign → ${created.code}`);
    const q0 = process.hrtime.bigint();
    const scheduled = await scheduleCampaign(ownerId, created.id, null);
    const queueMs = ms(q0);
    if (!scheduled.ok) throw new Error(`scheduleCampaign → ${scheduled.code}`);

    // 5. (b) Delivery with nothing else running, then (c) the tap while the campaign sends.
    const delivered = async (work) => {
      const [sent0, mails0, t] = [await sentCount(client, created.id), smtp.mails.length, process.hrtime.bigint()];
      const result = await work();
      const seconds = ms(t) / 1000;
      const sent = (await sentCount(client, created.id)) - sent0;
      return { result, seconds, sent, mails: smtp.mails.length - mails0, rate: sent / seconds };
    };
    const alone = await delivered(() => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)));
    const steadyTaps = TAP_RATE ? await delivered(() => taps(STEADY_SECONDS, TAP_RATE)) : null;
    const steadyBusy = steadyTaps && summarise(`POST /api/tap at ${TAP_RATE}/s, campaign sending`, steadyTaps.result);
    const withTaps = await delivered(() => taps(SECONDS));
    const busy = summarise("POST /api/tap, campaign sending", withTaps.result);
    const [{ status }] = (await client.query(`SELECT "status" FROM "Campaign" WHERE "id" = $1`, [created.id])).rows;
    await cancelCampaign(ownerId, created.id);
    // The steady measure again with the campaign cancelled: the two quiet runs bracket the busy one,
    // so a slow moment of the machine shows as a gap between them rather than as the campaign's cost.
    const steadyAfter = TAP_RATE
      ? summarise(`POST /api/tap at ${TAP_RATE}/s, campaign cancelled`, await taps(STEADY_SECONDS, TAP_RATE))
      : null;
    await (await import("../lib/jobs/boss.ts")).stopBoss();

    console.log(
      `\nCampaign benchmark: ${MEMBERS} members (${scheduled.recipients} recipients, ${scheduled.heldOut} held out), ${VISITS} visits, seeded in ${(seedMs / 1000).toFixed(1)} s; production build on PostgreSQL, ${WORKER_PROCESS ? "job worker a process of its own at nice 19" : "job worker in the app server"}; autocannon ${CONNECTIONS} connections × ${SECONDS} s`,
    );
    console.log(`(a) queueing (recipients + holdout + start job): ${(queueMs / 1000).toFixed(2)} s`);
    const rate = (d) =>
      `${d.sent} sent (${d.mails} mails received) in ${d.seconds.toFixed(1)} s → ${d.rate.toFixed(1)} messages/s`;
    console.log(`(b) delivery to the SMTP stand-in, nothing else running: ${rate(alone)}`);
    if (steadyTaps) console.log(`    during the steady taps of (c): ${rate(steadyTaps)}`);
    console.log(
      `    during the saturating taps of (c): ${rate(withTaps)} (campaign ${status} at the end${status === "SENDING" ? ": the whole tap run overlapped sending" : ""})`,
    );
    console.log("(c) | tap | p50 ms | p99 ms | req/s | failures |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    for (const r of [steadyQuiet, steadyBusy, steadyAfter, quiet, busy].filter(Boolean))
      console.log(`| ${r.name} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.failures} |`);
    if (pool.next > pool.tokens.length)
      console.warn("(more taps than customers: repeats got 429; raise BENCH_CUSTOMERS)");
  } finally {
    await client?.end();
    if (child) await stopApp(child);
    if (worker) await stopApp(worker);
    await smtp?.close();
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

// This process opened the product's pool and job queue to schedule: exit rather than wait on them.
await main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
