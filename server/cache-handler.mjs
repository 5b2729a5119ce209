// Next.js's incremental cache handler (next.config.ts `cacheHandler`).
//
// With REDIS_URL set, the data cache and the cached pages live in Redis
// (redis-cache.mjs), shared by every app instance: an entry expired on one
// instance is expired on all. Without it — the default single instance — this
// is Next.js's own file-system cache, unchanged. `next build` always uses the
// file system: a build needs no Redis, and pages it prerenders are not written
// to a shared cache before the build is deployed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { logger } from "./logger.mjs";
import { RedisCacheHandler, RedisCacheStore } from "./redis-cache.mjs";

const require = createRequire(import.meta.url);
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

// One connection per process: Next.js makes a handler per request, and the
// proxy (proxy.ts) runs a bundled copy of this module next to the one the
// server imports, so the store is kept on globalThis, not in module scope.
const STORE = Symbol.for("loyaltap.redisCacheStore");

/**
 * The build id, from the build's folder: `serverDistDir` is .next/server, but
 * the proxy (proxy.ts) makes its cache without one, from the app's folder.
 */
function buildIdOf(serverDistDir) {
  const distDir = serverDistDir ? path.join(serverDistDir, "..") : path.resolve(process.env.NEXT_DIST_DIR || ".next");
  return readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
}

function redisStore(serverDistDir) {
  if (!globalThis[STORE]) {
    const buildId = buildIdOf(serverDistDir);
    const sharedStore = new RedisCacheStore({
      url: process.env.REDIS_URL,
      keyPrefix: process.env.REDIS_KEY_PREFIX ?? "",
      buildId,
      log: logger,
    });
    logger.info({ source: "redis-cache", redis: sharedStore.target, buildId }, "Next.js cache in Redis");
    globalThis[STORE] = sharedStore;
  }
  return globalThis[STORE];
}

export function usesRedis(env = process.env) {
  return Boolean(env.REDIS_URL) && env.NEXT_PHASE !== "phase-production-build";
}

export default class CacheHandler {
  constructor(ctx) {
    this.delegate = usesRedis() ? new RedisCacheHandler(ctx, redisStore(ctx.serverDistDir)) : new FileSystemCache(ctx);
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
