#!/usr/bin/env node
// Database commands (package.json scripts):
//   db:migrate                 apply pending migrations to DATABASE_URL (or the embedded database)
//   db:migrate:create -- NAME  write prisma/migrations/<ts>_NAME/migration.sql from the schema change
//   db:migrate:check           exit 1 when schema.prisma and the migrations differ
// Creating and checking replay the migrations on a scratch in-memory PGlite, so
// they need no database of their own.
import "./load-env.mjs";
import { applyMigrations, createMigration, diffMigrationsToSchema } from "./offline/engine.mjs";
import { startEmbedded } from "./db/embedded.mjs";
import { embeddedDataDir } from "./db/paths.mjs";
import { withFirstRunLock } from "./db/first-run-lock.mjs";

async function withScratchDatabase(fn) {
  const scratch = await startEmbedded();
  try {
    return await fn(scratch.url);
  } finally {
    await scratch.stop();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  switch (command) {
    case "migrate": {
      let embedded;
      let url = process.env.DATABASE_URL;
      if (!url) {
        embedded = await startEmbedded({ dataDir: embeddedDataDir() });
        url = embedded.url;
      }
      try {
        // Under the lock `npm start` takes, so a migration run beside starting instances waits its turn.
        const applied = embedded ? await applyMigrations(url) : await withFirstRunLock(url, () => applyMigrations(url));
        console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
      } finally {
        await embedded?.stop();
      }
      return;
    }
    case "create": {
      const name = args[0];
      if (!name) throw new Error("Usage: npm run db:migrate:create -- <name>");
      const folder = await withScratchDatabase((url) => createMigration(url, name));
      console.log(folder ? `Created ${folder}/migration.sql — review it, then commit it.` : "No schema changes.");
      return;
    }
    case "check": {
      const sql = await withScratchDatabase(diffMigrationsToSchema);
      if (sql) {
        console.error("prisma/schema.prisma differs from the migrations. Missing SQL:\n" + sql);
        process.exitCode = 1;
      } else console.log("Schema and migrations agree.");
      return;
    }
    default:
      throw new Error(`Unknown command ${command ?? ""}: use migrate, create <name> or check`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
