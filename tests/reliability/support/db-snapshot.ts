import type pg from "pg";

// Row counts and a checksum of every row of every table, to prove a batch of
// refused requests changed nothing. Tables (or columns) a refused request may
// legitimately write are named by the caller with the reason.

export type Snapshot = Record<string, { rows: number; md5: string }>;

export async function tableNames(sql: pg.Pool): Promise<string[]> {
  const { rows } = await sql.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
  );
  return rows.map((r: { table_name: string }) => r.table_name);
}

export async function snapshot(sql: pg.Pool, except: string[] = []): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const table of await tableNames(sql)) {
    if (except.includes(table)) continue;
    const { rows } = await sql.query(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS md5 FROM "${table}" t`,
    );
    out[table] = { rows: rows[0].rows, md5: rows[0].md5 };
  }
  return out;
}
