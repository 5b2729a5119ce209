// Per-request figures the access log reports: how many SQL statements the
// request sent to the database (dbQueries). The server runs each request in
// this AsyncLocalStorage; the app's one connection pool (lib/db/index.ts)
// counts every statement into the store of the request it runs for. Shared
// through a global symbol because the app's code is bundled by Next.js and
// cannot import this module.
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("loyaltap.requestStats");

/**
 * @typedef {{ dbQueries: number, statements?: { text: string, values: unknown[] }[] }} RequestStats
 * `statements` only with LOYALTAP_TEST_CAPTURE_STATEMENTS=1 (the tests that
 * EXPLAIN what the pages run; production refuses to start with it).
 */

/** @type {AsyncLocalStorage<RequestStats>} */
export const requestStats = (globalThis[KEY] ??= new AsyncLocalStorage());

/** @returns {RequestStats} */
export function newRequestStats(env = process.env) {
  return env.LOYALTAP_TEST_CAPTURE_STATEMENTS === "1" ? { dbQueries: 0, statements: [] } : { dbQueries: 0 };
}
