import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { pool, Prisma } from "@/lib/db";
import { dbEnv } from "@/lib/db/env";
import { compile, isSqlStatement, type Sql } from "@/lib/db/sql-template";

export { join, raw, sql, type Sql } from "@/lib/db/sql-template";

// Plain SQL transactions on the app's one pool, for the hot path of a tap
// (lib/db/visits.ts). Prisma's interactive transaction cost about six times
// the CPU of the same statements sent directly (0.6 vs 0.1 ms per
// transaction, measured on a tap's statements), and a tap is CPU-bound
// in the app server. Everything else reads and writes through Prisma, except
// the few big reads of queryRows below.

export type SqlTx = {
  /** Runs one statement (sql`…` with named values, or text with $1… parameters) and returns its rows. */
  query<Row>(statement: Sql): Promise<Row[]>;
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
  /** Runs one statement and returns how many rows it changed. */
  execute(statement: Sql): Promise<number>;
  execute(text: string, values?: readonly unknown[]): Promise<number>;
};

/** A statement runner: a transaction of inTransaction() below, or prismaExecutor() of a Prisma transaction. */
export type SqlExecutor = { query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]> };

/** A Prisma interactive transaction as a statement runner. */
export function prismaExecutor(tx: {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}): SqlExecutor {
  return {
    query: <Row>(text: string, values: readonly unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...values),
  };
}

/**
 * The caller's step inside a write's own transaction, after the write's
 * statements and before COMMIT (docs/architecture.md, "Layers"): how a domain
 * module queues the jobs a change announces, in the same transaction, while
 * lib/db knows no jobs. `change` says what was written; a step that throws
 * rolls the write back.
 */
export type InTransaction<Change> = (tx: SqlExecutor, change: Change) => Promise<void>;

/**
 * The same statement as Prisma's raw queries take it (`db.$queryRaw(prismaSql(…))`,
 * or nested in a Prisma.sql template), its parts inlined and its values bound, so a
 * condition written once (worksAtPart) serves both paths.
 */
export function prismaSql(statement: Sql): Prisma.Sql {
  const values = statement.values.map((value) => (isSqlStatement(value) ? prismaSql(value) : value));
  return new Prisma.Sql(statement.strings, values as ConstructorParameters<typeof Prisma.Sql>[1]);
}

/** A statement as pg takes it: named (prepared) when the database allows, dates as UTC text. */
function pgQuery(statement: Sql | string, values?: readonly unknown[]) {
  const { text, values: bound } = isSqlStatement(statement)
    ? compile(statement)
    : { text: statement, values: values ?? [] };
  return { name: statementName(text), text, values: toParams(bound), types };
}

// Prisma keeps DateTime columns as `timestamp(3)` holding UTC wall time; read
// them back as UTC (pg would assume the server's local zone) and keep `date`
// columns as the plain 'YYYY-MM-DD' text they are.
const TIMESTAMP_OID = 1114;
const DATE_OID = 1082;
const parseUtcTimestamp = (value: string) => new Date(`${value.replace(" ", "T")}Z`);
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === TIMESTAMP_OID) return parseUtcTimestamp;
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig["getTypeParser"],
};

// Named (prepared) statements: PostgreSQL parses and plans each text once per
// connection instead of on every tap. The hot path has a handful of texts.
// Not on the embedded PGlite (scripts/db/embedded-env.mjs): it serves every
// connection from one session, so a statement prepared by a connection the
// pool has since closed still exists there, and preparing it again fails.
const prepareStatements = !dbEnv.LOYALTAP_EMBEDDED_DATABASE;
const names = new Map<string, string>();
function statementName(text: string): string | undefined {
  if (!prepareStatements) return undefined;
  let name = names.get(text);
  if (!name) {
    name = `loyaltap_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

// Dates go out as UTC ISO text, the wall time Prisma stores (pg would send local time).
const toParams = (values: readonly unknown[] = []) => values.map((v) => (v instanceof Date ? v.toISOString() : v));

/**
 * Runs `work` in one transaction (READ COMMITTED, like Prisma's default):
 * committed when it resolves, rolled back when it throws, and the error
 * reaches the caller.
 */
export async function inTransaction<T>(work: (tx: SqlTx) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  const tx: SqlTx = {
    async query<Row>(statement: Sql | string, values?: readonly unknown[]) {
      const result = await client.query(pgQuery(statement, values));
      return result.rows as Row[];
    },
    async execute(statement: Sql | string, values?: readonly unknown[]) {
      const result = await client.query(pgQuery(statement, values));
      return result.rowCount ?? 0;
    },
  };
  let broken = false;
  try {
    await client.query("BEGIN");
    const result = await work(tx);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    try {
      await client.query("ROLLBACK");
    } catch {
      broken = true; // the connection is unusable: drop it from the pool
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * One statement on the pool, outside a transaction: for reads of many rows
 * (the owner's CSV export, the insights' rollups), where Prisma's raw-query
 * decoding cost several times the CPU of the query itself.
 */
export async function queryRows<Row>(statement: Sql | string, values?: readonly unknown[]): Promise<Row[]> {
  const result = await pool().query(pgQuery(statement, values));
  return result.rows as Row[];
}
