// Next.js's incremental cache handler (next.config.ts `cacheHandler`).
//
// With REDIS_URL set, the data cache and the cached pages live in Redis
// (redis-cache.mjs), shared by every app instance: an entry expired on one
// instance is expired on all. Without it — the default single instance — this
// is Next.js's own file-system cache. `next build` always uses the file
// system: a build needs no Redis, and pages it prerenders are not written to a
// shared cache before the build is deployed.
//
// At run time under `npm start`, either keeps each database's entries apart
// (cache-location.mjs): in Redis under keys of that database, on the file
// system in a folder of that database.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cacheScope, fileCacheDir } from "./cache-location.mjs";
import { logger } from "./logger.mjs";
import { RedisCacheHandler, RedisCacheStore } from "./redis-cache.mjs";

const require = createRequire(import.meta.url);
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;
const { ROUTE_CACHE_DIRECTORY } = require("next/dist/server/lib/route-cache-key.js");

// One connection per process: Next.js makes a handler per request, and the
// proxy (proxy.ts) runs a bundled copy of this module next to the one the
// server imports, so the store is kept on globalThis, not in module scope.
const STORE = Symbol.for("loyaltap.redisCacheStore");

/**
 * The build's folder: `serverDistDir` is .next/server, but the proxy
 * (proxy.ts) makes its cache without one, from the app's folder.
 */
function distDirOf(serverDistDir) {
  return serverDistDir ? path.join(serverDistDir, "..") : path.resolve(process.env.NEXT_DIST_DIR || ".next");
}

function redisStore(serverDistDir, scope) {
  if (!globalThis[STORE]) {
    const buildId = readFileSync(path.join(distDirOf(serverDistDir), "BUILD_ID"), "utf8").trim();
    const sharedStore = new RedisCacheStore({
      url: process.env.REDIS_URL,
      keyPrefix: process.env.REDIS_KEY_PREFIX ?? "",
      scope,
      buildId,
      log: logger,
    });
    logger.info({ source: "redis-cache", redis: sharedStore.target, buildId, scope }, "Next.js cache in Redis");
    globalThis[STORE] = sharedStore;
  }
  return globalThis[STORE];
}

const BUILD_PHASE = "phase-production-build";

export function usesRedis(env = process.env) {
  return Boolean(env.REDIS_URL) && env.NEXT_PHASE !== BUILD_PHASE;
}

// File names are at most 255 bytes; an entry adds a suffix of its own (".html", ".segments", ".meta").
const MAX_SEGMENT_BYTES = 200;

function fitsFileNames(key) {
  return key.split("/").every((segment) => Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES);
}

/**
 * Next.js's file-system cache, with the entries it writes at run time in one
 * database's folder: the data cache (FETCH) and the pages and route bodies
 * under Next.js's route-cache keys. Everything else — the pages the build
 * prerendered, which Next.js reads as seeds of those keys — stays where the
 * build put them. Next.js resolves every file of an entry through
 * getFilePath (file-system-cache.js in Next 16.4); the tests in
 * tests/integration/cache-location.test.ts fail if a Next.js upgrade stops
 * doing so.
 */
export class DatabaseFileSystemCache extends FileSystemCache {
  constructor(ctx, dir) {
    super(ctx);
    this.databaseCacheDir = dir;
  }

  // A page whose path has a segment longer than a file name may be (a
  // 3,000-character slug typed into a URL) cannot be kept on disk: it is not
  // cached at all, rather than failing to be written, with a stack in the log,
  // on every request.
  async get(key, ctx) {
    return fitsFileNames(key) ? super.get(key, ctx) : null;
  }

  async set(key, data, ctx) {
    if (fitsFileNames(key)) return super.set(key, data, ctx);
  }

  getFilePath(key, kind) {
    let rootDir;
    if (kind === "FETCH") rootDir = path.join(this.databaseCacheDir, "fetch-cache");
    else if (["APP_PAGE", "APP_ROUTE", "PAGES"].includes(kind) && key.startsWith(`/${ROUTE_CACHE_DIRECTORY}/`))
      rootDir = this.databaseCacheDir;
    else return super.getFilePath(key, kind);
    const filePath = path.join(rootDir, key);
    // Keys come from request paths: never a file outside the folder.
    if (!filePath.startsWith(rootDir + path.sep)) throw new Error(`Invalid file path: ${filePath}`);
    return filePath;
  }
}

function fileSystemCache(ctx, scope) {
  if (!scope || process.env.NEXT_PHASE === BUILD_PHASE) return new FileSystemCache(ctx);
  return new DatabaseFileSystemCache(ctx, fileCacheDir(distDirOf(ctx.serverDistDir), scope));
}

export default class CacheHandler {
  constructor(ctx) {
    const scope = cacheScope();
    this.delegate = usesRedis()
      ? new RedisCacheHandler(ctx, redisStore(ctx.serverDistDir, scope))
      : fileSystemCache(ctx, scope);
  }

  get(...args) {
    return this.delegate.get(...args);
  }

  set(...args) {
    return this.delegate.set(...args);
  }

  revalidateTag(...args) {
    return this.delegate.revalidateTag(...args);
  }

  resetRequestCache() {
    this.delegate.resetRequestCache?.();
  }
}
