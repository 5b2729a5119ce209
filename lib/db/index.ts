import "server-only";
import type { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { dbEnv } from "@/lib/db/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

// The one database module of the app: one connection pool per process, used by
// the Prisma client (through @prisma/adapter-pg) and by the few hot-path
// transactions of lib/db/sql.ts. `npm start` sets DATABASE_URL (the embedded
// PGlite or a real PostgreSQL) before Next.js starts.
function createPool(): pg.Pool {
  const connectionString = dbEnv.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides one");
  }
  const created = new pg.Pool({
    connectionString,
    max: dbEnv.DATABASE_POOL_MAX,
    idleTimeoutMillis: dbEnv.DATABASE_IDLE_TIMEOUT_MS,
  });
  // A connection can die at any time (database restart, failover,
  // pg_terminate_backend, a network cut). pg reports it as an "error" event;
  // without a listener that event is an uncaught exception. The pool drops an
  // idle client that errored; a checked-out client's query fails and the
  // client is discarded when it is released with that error. Either way the
  // next request gets a fresh connection.
  created.on("error", (error) => {
    console.error(`Database connection lost (idle client dropped from the pool): ${error.message}`);
  });
  created.on("connect", (client) => {
    countStatements(client);
    // An error between queries on a checked-out client (it is not idle, so
    // the pool's own listener is not attached) must not crash the process either.
    client.on("error", (error) => {
      console.error(`Database connection lost: ${error.message}`);
    });
  });
  return created;
}

// The production server runs each request in an AsyncLocalStorage of its
// figures (server/request-stats.mjs) and logs how many statements the request
// sent. Every statement of the app, Prisma's and lib/db/sql.ts's alike, goes
// through a pooled client's query(), so it is counted there. Outside that
// server (scripts, tests) there is no store and nothing is counted.
type RequestStats = AsyncLocalStorage<{ dbQueries: number; statements?: { text: string; values: unknown[] }[] }>;
/** A query() call's text and values, whichever of pg's call forms it used. */
function statementOf(args: unknown[]): { text: string; values: unknown[] } {
  const [first, second] = args;
  if (typeof first === "string") return { text: first, values: Array.isArray(second) ? second : [] };
  const config = (first ?? {}) as { text?: unknown; values?: unknown };
  return {
    text: typeof config.text === "string" ? config.text : "",
    values: Array.isArray(config.values) ? config.values : Array.isArray(second) ? second : [],
  };
}

function countStatements(client: pg.PoolClient) {
  const stats = (globalThis as { [key: symbol]: RequestStats | undefined })[Symbol.for("loyaltap.requestStats")];
  if (!stats) return;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const store = stats.getStore();
    if (store) {
      store.dbQueries++;
      if (store.statements) store.statements.push(statementOf(args));
    }
    return query(...args);
  }) as typeof client.query;
}

const globalForPrisma = globalThis as unknown as { loyaltapPrisma?: PrismaClient; loyaltapPool?: pg.Pool };

// One pool and one client per process, also across Next.js dev hot reloads.
// Created on first use, so `next build` can import modules that use them
// without a database.
export function pool(): pg.Pool {
  globalForPrisma.loyaltapPool ??= createPool();
  return globalForPrisma.loyaltapPool;
}

function client(): PrismaClient {
  globalForPrisma.loyaltapPrisma ??= new PrismaClient({ adapter: new PrismaPg(pool(), { disposeExternalPool: true }) });
  return globalForPrisma.loyaltapPrisma;
}

// `db.$disconnect()` (scripts, tests) also ends the shared pool; the next use
// starts afresh.
async function disconnect() {
  const { loyaltapPrisma, loyaltapPool } = globalForPrisma;
  globalForPrisma.loyaltapPrisma = undefined;
  globalForPrisma.loyaltapPool = undefined;
  if (loyaltapPrisma) await loyaltapPrisma.$disconnect();
  else await loyaltapPool?.end();
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    if (property === "$disconnect") return disconnect;
    const instance = client();
    const value = Reflect.get(instance, property, instance);
    return typeof value === "function" ? value.bind(instance) : value;
  },
});

export type { PrismaClient };
export { Prisma } from "@/lib/generated/prisma/client";
