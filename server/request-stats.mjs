// Per-request figures the access log reports: how many SQL statements the
// request sent to the database (dbQueries). The server runs each request in
// this AsyncLocalStorage; the app's one connection pool (lib/db/index.ts)
// counts every statement into the store of the request it runs for. Shared
// through a global symbol because the app's code is bundled by Next.js and
// cannot import this module.
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("loyaltap.requestStats");

/** @type {AsyncLocalStorage<{ dbQueries: number }>} */
export const requestStats = (globalThis[KEY] ??= new AsyncLocalStorage());
