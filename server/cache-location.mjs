// Where Next.js's cache keeps what it writes at run time: per database.
//
// The data cache and the cached pages hold rows of the database the server
// rendered them from. One build may serve several databases, one after the
// other (a fresh embedded database, then a PostgreSQL) or at the same time
// (two instances on two databases): an entry written on one must never be
// read on another. So `npm start` (scripts/start.mjs) names the database it
// serves in LOYALTAP_CACHE_SCOPE (scripts/db/cache-scope.mjs), and the cache
// handler (cache-handler.mjs) keeps that database's entries apart:
// - file system: in <distDir>/loyaltap-cache/<scope>/, fetch-cache/ for the
//   data cache and route-cache/ for the pages, instead of Next.js's own
//   <distDir>/cache/fetch-cache and <distDir>/server/route-cache. Next.js's
//   build empties the dist dir (all but its cache/), so a new build starts
//   with no pages of the old one;
// - Redis: under keys that carry the scope (redis-cache.mjs).
// Without the variable (`next start` or `next dev` by hand, `next build`)
// Next.js's own locations serve, as they do by default.
// docs/caching.md, "One cache per database".
import path from "node:path";

export const CACHE_SCOPE_ENV = "LOYALTAP_CACHE_SCOPE";
export const CACHE_ROOT_DIR = "loyaltap-cache";

/** The scope of this process's database, or null when none was given. */
export function cacheScope(env = process.env) {
  const scope = env[CACHE_SCOPE_ENV];
  if (!scope) return null;
  // It becomes a folder name and part of Redis keys.
  if (!/^[a-z0-9]{1,64}$/.test(scope)) throw new Error(`${CACHE_SCOPE_ENV} must be 1-64 lowercase letters or digits`);
  return scope;
}

/** The folder of one database's file-system cache entries in a build. */
export function fileCacheDir(distDir, scope) {
  return path.join(distDir, CACHE_ROOT_DIR, scope);
}
