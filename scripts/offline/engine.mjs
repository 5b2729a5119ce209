// Prisma's own schema engine in its WASM build, driven over a pg driver adapter.
// Prisma's native migrate binary is downloaded from a host these machines cannot
// reach (scripts/offline/README.md; docs/architecture.md, "Migrations without
// the native engine"); this module gives the same migrations, in the same
// folders and the same `_prisma_migrations` table, so `prisma migrate deploy`
// stays a drop-in alternative wherever the binary is available.
import { readFile, readdir, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const schemaPath = path.join(root, "prisma/schema.prisma");
export const migrationsDir = path.join(root, "prisma/migrations");
const LOCKFILE = "migration_lock.toml";
const NO_FILTERS = { externalTables: [], externalEnums: [] };

// The WASM build reports a Rust panic through this global before it throws.
let lastPanic = "";
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (message) => (lastPanic = message) };
export const takePanicMessage = () => [lastPanic, (lastPanic = "")][0];

let wasmReady;
async function loadWasm() {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgFile = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bg = await import(pathToFileURL(bgFile).href);
    const pkgDir = path.dirname(bgFile);
    const bytes = await readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return bg;
  })();
  return wasmReady;
}

export async function readSchema() {
  return readFile(schemaPath, "utf8");
}

/** The migration folders on disk, in the shape the engine expects. */
export async function readMigrations(dir = migrationsDir) {
  const entries = existsSync(dir) ? await readdir(dir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    folders.map(async (name) => {
      const file = path.join(dir, name, "migration.sql");
      const content = existsSync(file)
        ? { tag: "ok", value: await readFile(file, "utf8") }
        : { tag: "error", value: `missing ${file}` };
      return { path: name, migrationFile: { path: "migration.sql", content } };
    }),
  );
  const lockPath = path.join(dir, LOCKFILE);
  return {
    baseDir: dir,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

// Describing a database reads pg_catalog columns of type "char" (oid 18). The
// Prisma pg adapter cannot map that type ("Column type 'char' could not be
// deserialized"), while the engine reads those columns as Character. So the pg
// client reports them as text (which the adapter accepts) and notes their
// positions on the rows array, which the adapter passes through unchanged; the
// wrapped queryRaw then marks those columns as Character for the engine.
const PG_CHAR = 18;
const PG_TEXT = 25;
const CHARACTER_COLUMN = ColumnTypeEnum.Character;
const charColumns = Symbol("charColumns");
function markCharColumns(result) {
  for (const r of Array.isArray(result) ? result : [result]) {
    const fields = r?.fields ?? [];
    const positions = [];
    fields.forEach((field, i) => {
      if (field.dataTypeID === PG_CHAR) {
        field.dataTypeID = PG_TEXT;
        positions.push(i);
      }
    });
    if (positions.length && Array.isArray(r.rows)) r.rows[charColumns] = positions;
  }
  return result;
}
class CatalogClient extends pg.Client {
  query(...args) {
    // pg.Pool passes a callback; a direct caller awaits the promise.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last];
      args[last] = (error, result) => callback(error, error ? result : markCharColumns(result));
    }
    const result = super.query(...args);
    return result && typeof result.then === "function" ? result.then(markCharColumns) : result;
  }
}
function withCharColumns(queryable) {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of result.rows[charColumns] ?? []) result.columnTypes[i] = CHARACTER_COLUMN;
    return result;
  };
  // The pg adapter splits a migration script on every ";", which cuts a
  // function body ($$ … $$) apart. PostgreSQL runs a multi-statement script
  // sent as one simple query itself, in one implicit transaction.
  if (typeof queryable.executeScript === "function" && queryable.client) {
    queryable.executeScript = async (script) => {
      try {
        await queryable.client.query(script);
      } catch (error) {
        queryable.onError(error);
      }
    };
  }
  if (typeof queryable.startTransaction === "function") {
    const startTransaction = queryable.startTransaction.bind(queryable);
    queryable.startTransaction = async (...args) => withCharColumns(await startTransaction(...args));
  }
  return queryable;
}
function adapterFactory(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 1, Client: CatalogClient });
  const base = new PrismaPg(pool);
  return {
    pool,
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => withCharColumns(await base.connect()),
    connectToShadowDb: async () => withCharColumns(await base.connectToShadowDb()),
  };
}

/** Opens an engine on `connectionString`; call `close()` when done. */
export async function openEngine(connectionString, { schema } = {}) {
  const { SchemaEngine } = await loadWasm();
  const datamodel = schema ?? (await readSchema());
  const factory = adapterFactory(connectionString);
  const logs = [];
  const engine = await SchemaEngine.new(
    { datamodels: [["schema.prisma", datamodel]] },
    (line) => logs.push(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  return {
    engine,
    datamodel,
    close: async () => {
      engine.free();
      await factory.pool.end();
    },
  };
}

/** Applies pending migrations; returns the names applied. */
export async function applyMigrations(connectionString) {
  const { engine, close } = await openEngine(connectionString);
  try {
    const migrationsList = await readMigrations();
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * SQL that would bring the migrations up to the schema; "" when they agree.
 * Replaying the migrations needs a scratch (shadow) database: the engine uses
 * the adapter's database, so pass an empty throwaway database here.
 */
export async function diffMigrationsToSchema(shadowConnectionString) {
  const { engine, datamodel, close } = await openEngine(shadowConnectionString);
  try {
    const migrationsList = await readMigrations();
    const from = migrationsList.migrationDirectories.length
      ? { tag: "migrations", ...migrationsList }
      : { tag: "empty" };
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: datamodel }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return normaliseDiff(result.stdout ?? "");
  } finally {
    await close();
  }
}

function normaliseDiff(sql) {
  const trimmed = sql.trim();
  return trimmed === "" || /^-- This is an empty migration\.?$/.test(trimmed) ? "" : trimmed + "\n";
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql; returns its folder or null when nothing changed. */
export async function createMigration(shadowConnectionString, name) {
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error("Migration name: letters, digits and _ only");
  const sql = await diffMigrationsToSchema(shadowConnectionString);
  if (!sql) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "migration.sql"), sql);
  const lockPath = path.join(migrationsDir, LOCKFILE);
  if (!existsSync(lockPath)) {
    await writeFile(
      lockPath,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return folder;
}
