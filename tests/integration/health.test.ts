import { GET } from "@/app/api/health/route";
import { db } from "@/lib/db";
import { expectedMigrations } from "@/lib/db/health";

afterAll(() => db.$disconnect());

describe("GET /api/health", () => {
  const saved = process.env.LOYALTAP_MIGRATIONS;
  afterEach(() => {
    if (saved === undefined) delete process.env.LOYALTAP_MIGRATIONS;
    else process.env.LOYALTAP_MIGRATIONS = saved;
  });

  it("a migrated database: 200 ok, not cached, nothing else said", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
  });

  it("a migration of the build not in the database: 503 pending", async () => {
    process.env.LOYALTAP_MIGRATIONS = [...expectedMigrations(), "29991231000000_not_applied"].join(",");
    const response = await GET();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", database: "ok", migrations: "pending" });
  });

  it("the expected migrations are the folders of prisma/migrations", () => {
    delete process.env.LOYALTAP_MIGRATIONS;
    const names = expectedMigrations();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{14}_\w+$/);
  });
});
