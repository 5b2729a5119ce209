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
