// The cache scope of a database (server/cache-location.mjs): what tells one
// database from another, for keeping their cached pages apart. It is the id of
// the database's first applied migration (a random id per database, written
// when it was first migrated) with the database's name, so a copy restored
// under another name is another scope too. The same database, reached by any
// URL, from any instance, after any restart, has the same scope.
import { createHash } from "node:crypto";
import pg from "pg";

/** The scope of the (migrated) database at `url`: 16 hex digits. */
export async function databaseCacheScope(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT current_database() AS name, (SELECT id FROM "_prisma_migrations" ORDER BY started_at, id LIMIT 1) AS first_migration`,
    );
    const { name, first_migration: firstMigration } = rows[0];
    if (!firstMigration) throw new Error("The database has no applied migration to tell it apart by");
    return createHash("sha256").update(`${name}\n${firstMigration}`).digest("hex").slice(0, 16);
  } finally {
    await client.end();
  }
}
