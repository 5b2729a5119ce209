import { readFileSync } from "node:fs";
import pg from "pg";

// The e2e server from the outside: its log, and its own embedded database,
// reached the way the app reaches it, over the loopback port that `npm start`
// logs when it starts it (scripts/start.mjs). The database is for states the
// app's forms cannot make, such as a row the app cannot read; everything else
// goes through the app.

// Where playwright.config.ts has the server's output written.
const serverLogFile = process.env.E2E_SERVER_LOG || "test-results/e2e-server.log";
// The embedded database's fixed credentials (scripts/db/embedded.mjs); the log masks the password.
const EMBEDDED_PASSWORD = "postgres";

/** Everything the e2e server has printed so far (JSON lines). */
export function serverLog(): string {
  return readFileSync(serverLogFile, "utf8");
}

function embeddedDatabaseUrl(): string {
  // The log is appended to across runs: the last start is this run's server.
  const urls = [...serverLog().matchAll(/Embedded database \(PGlite\) in .*?, on (postgresql:\/\/[^\s"]+)/g)].map(
    (m) => m[1]!,
  );
  const url = urls.at(-1);
  if (!url)
    throw new Error(`No embedded database in ${serverLogFile}: is the e2e server running on the embedded database?`);
  return url.replace(":***@", `:${EMBEDDED_PASSWORD}@`);
}

/** Runs one statement on the e2e server's database, on a connection of its own; the number of rows it touched. */
/** Rows of one statement on the e2e server's database: what a test cannot see on a page, such as a random draw. */
export async function sqlRows<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

export async function runSql(text: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}
