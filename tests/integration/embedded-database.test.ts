import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { execFileAsync, interrupt, startEmbeddedProcess } from "../support/processes";

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("embedded database (npm start without DATABASE_URL)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "loyaltap-embedded-test-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("migrates, seeds the demo only into an empty database, and keeps the data across a Ctrl-C restart", async () => {
    const first = await startEmbeddedProcess(dataDir);
    // A failed assertion must not leave the database process behind (it keeps jest alive).
    const stopFirst = () =>
      first.child.exitCode === null ? interrupt(first.child) : Promise.resolve(first.child.exitCode);
    try {
      const env = { ...process.env, DATABASE_URL: first.url };
      await execFileAsync(process.execPath, ["scripts/db.mjs", "migrate"], { env });
      const seeded = await execFileAsync(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "prisma/seed.ts", "--if-empty"],
        { env },
      );
      expect(seeded.stdout).toContain("owner@loyaltap.test");
      // The password is in the README, never in a log.
      expect(seeded.stdout).not.toContain("loyaltap-demo");
      // A second start must not seed again.
      const again = await execFileAsync(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "prisma/seed.ts", "--if-empty"],
        { env },
      );
      expect(again.stdout).toBe("");
      expect(await query<{ n: number }>(first.url, `SELECT count(*)::int AS n FROM "Business"`)).toEqual([{ n: 1 }]);
      await query(first.url, `UPDATE "Business" SET name = 'Café Central (edited)'`);
      expect(await interrupt(first.child)).toBe(0);
    } finally {
      await stopFirst();
    }

    const second = await startEmbeddedProcess(dataDir);
    try {
      const migrate = await execFileAsync(process.execPath, ["scripts/db.mjs", "migrate"], {
        env: { ...process.env, DATABASE_URL: second.url },
      });
      expect(migrate.stdout).toContain("Database is up to date.");
      expect(await query<{ name: string }>(second.url, `SELECT name FROM "Business"`)).toEqual([
        { name: "Café Central (edited)" },
      ]);
      const [tag] = await query<{ id: string; claimed: boolean }>(
        second.url,
        `SELECT id, "businessId" IS NOT NULL AS claimed FROM "Tag" WHERE id = 'demo-cafe'`,
      );
      expect(tag).toEqual({ id: "demo-cafe", claimed: true });
    } finally {
      await interrupt(second.child);
    }
  }, 120_000);
});

describe("embedded database: several connections at once (the app's pool and the job queue's)", () => {
  it("serves each connection its own statements' rows when parameterised queries and plain ones overlap", async () => {
    const server = await startEmbeddedProcess();
    const clients = Array.from({ length: 6 }, () => new Client({ connectionString: server.url }));
    try {
      await Promise.all(clients.map((client) => client.connect()));
      // Each connection sends queries of its own shape (the extended protocol's unnamed
      // statement: Parse, Bind, Execute, Sync), with plain queries (the simple protocol)
      // in between, all at once. Interleaved, a Bind meets another connection's Parse.
      const work = clients.map(async (client, n) => {
        const seen: string[] = [];
        for (let i = 0; i < 100; i += 1) {
          if (i % 5 === 0) {
            const plain = await client.query(`SELECT ${n} AS plain`);
            seen.push(`plain ${plain.rows[0].plain}`);
          }
          // A large value (a job's payload) reaches the server in several reads, the gaps
          // in which another connection's messages arrive.
          const columns = Array.from({ length: n + 1 }, (_, k) => `$${k + 1}::int AS c${k}`).join(", ");
          const values = Array.from({ length: n + 1 }, (_, k) => i * 10 + k);
          const payload = "x".repeat(100_000 + n);
          const { rows } = await client.query(`SELECT ${columns}, length($${n + 2}::text) AS size`, [
            ...values,
            payload,
          ]);
          const { size, ...numbers } = rows[0] as Record<string, number>;
          seen.push(`${Object.values(numbers).join(",")} (${size})`);
        }
        return seen;
      });
      const results = await Promise.all(work);
      results.forEach((seen, n) => {
        const expected: string[] = [];
        for (let i = 0; i < 100; i += 1) {
          if (i % 5 === 0) expected.push(`plain ${n}`);
          expected.push(`${Array.from({ length: n + 1 }, (_, k) => i * 10 + k).join(",")} (${100_000 + n})`);
        }
        expect(seen).toEqual(expected);
      });
      // A transaction on one connection keeps the others out until it ends: they never
      // see its writes before its COMMIT.
      const [first, second] = clients as [Client, Client];
      await first.query(`CREATE TABLE counted (n int)`);
      await first.query("BEGIN");
      await first.query(`INSERT INTO counted VALUES ($1)`, [1]);
      const order: string[] = [];
      const other = second.query(`SELECT count(*)::int AS n FROM counted`).then((result) => {
        order.push("read");
        return result.rows;
      });
      await first.query(`INSERT INTO counted VALUES ($1)`, [2]);
      await first.query("COMMIT");
      order.push("commit");
      expect(await other).toEqual([{ n: 2 }]);
      expect(order).toEqual(["commit", "read"]);
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      await interrupt(server.child);
    }
  }, 60_000);
});
