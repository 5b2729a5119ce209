import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "pg";

const run = promisify(execFile);

describe("database migrations", () => {
  it("prisma/schema.prisma and prisma/migrations describe the same database", async () => {
    // Replays every migration on a scratch database and diffs it against the
    // schema: a schema change without its migration fails here.
    const { stdout } = await run("node", ["scripts/db.mjs", "check"], { cwd: process.cwd() });
    expect(stdout).toContain("Schema and migrations agree.");
  }, 60_000);

  it("records applied migrations in _prisma_migrations, as prisma migrate deploy does", async () => {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0].migration_name).toMatch(/^\d{14}_init$/);
      for (const row of rows) {
        expect(row.finished_at).not.toBeNull();
        expect(row.rolled_back_at).toBeNull();
      }
    } finally {
      await client.end();
    }
  });

  it("enforces the daily tap limit range in the database", async () => {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query(`INSERT INTO "User" (id, email, "updatedAt") VALUES ('u-range', 'range@example.test', now())`);
      await expect(
        client.query(
          `INSERT INTO "Business" (id, slug, "ownerId", name, "dailyTapLimit", "updatedAt")
           VALUES ('b-range', 'range', 'u-range', 'Range', 11, now())`,
        ),
      ).rejects.toThrow(/Business_dailyTapLimit_range/);
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
  });
});
