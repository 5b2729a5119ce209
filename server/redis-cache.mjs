// Next.js's incremental cache (the data cache of unstable_cache and the pages
// it renders once and serves many times, such as /tap/visitor/[id] and
// /b/[slug]) kept in Redis, so every app instance reads and expires the same
// entries. server/cache-handler.mjs plugs it into Next.js when REDIS_URL is set.
//
// Keys (REDIS_KEY_PREFIX, then):
//   loyaltap:<scope>:<build id>:e:<Next's cache key>  one entry, encoded by cache-codec.mjs,
//                                                     with a TTL so Redis does not grow forever
//   loyaltap:<scope>:tag:<tag>                        hash {e: expired-at ms, s: stale-at ms}
// The scope names the database (cache-location.mjs; no scope, no "<scope>:"),
// so deployments on different databases never read each other's entries or
// expire each other's tags, even on one Redis without REDIS_KEY_PREFIX.
// Entries carry the build id, so a new deploy never serves a page of an old
// build; tags do not, so an edit made on an instance of the old build during a
// rolling deploy also expires the new build's entries.
//
// An entry is served only if none of its tags (its own, and for data entries
// the page's implicit path tags Next.js passes as soft tags) expired after the
// entry was made. The rule is Next.js's own (tags-manifest): expired-at <= now
// and expired-at > the entry's lastModified. lastModified is the time the
// request first looked the key up, before it read the database, so a tag
// expired while a page was being rendered from old rows also expires that page.
//
// Redis down or slow never takes a page down: commands time out quickly and are
// never queued while disconnected; a failed read is a miss (the page renders
// from the database); a failed write is skipped. The first failure of an
// outage is logged once, and the recovery once. Tag expiries that could not be
// written are kept and written when the connection is back.
import { createClient, RESP_TYPES } from "@redis/client";
import { decodeEntry, encodeEntry } from "./cache-codec.mjs";

export const CACHE_TAGS_HEADER = "x-next-cache-tags";
const DAY_SECONDS = 24 * 60 * 60;

/** The Redis URL without its password, for logs. */
export function redactRedisUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}

function errorFields(error) {
  return { err: { type: error?.name, message: String(error?.message ?? error) } };
}

/** The cache tags of an entry: a data entry's own, a page's or route's from its tags header. */
export function entryTags(value, setTags) {
  if (!value) return [];
  if (value.kind === "FETCH") return [...(setTags ?? value.tags ?? [])];
  const header = value.headers?.[CACHE_TAGS_HEADER];
  return typeof header === "string" && header ? header.split(",") : [];
}

/** How long Redis keeps an entry: twice its revalidate time (at least a minute), at most its expire time and maxTtl. */
export function entryTtlSeconds(record, maxTtlSeconds) {
  const revalidate = record.value?.kind === "FETCH" ? record.value.revalidate : record.cacheControl?.revalidate;
  let ttl = maxTtlSeconds;
  if (typeof revalidate === "number" && revalidate > 0) ttl = Math.min(ttl, Math.max(60, revalidate * 2));
  const expire = record.cacheControl?.expire;
  if (typeof expire === "number" && expire > 0) ttl = Math.min(ttl, expire);
  return Math.max(1, Math.ceil(ttl));
}

export class RedisCacheStore {
  /**
   * @param {object} options
   * @param {string} options.url            REDIS_URL
   * @param {string} [options.keyPrefix]    REDIS_KEY_PREFIX
   * @param {string|null} [options.scope]   the database's cache scope (entries and tags of other databases are never read)
   * @param {string} options.buildId        the build's id (entries of other builds are never read)
   * @param {{info: Function, warn: Function, error: Function}} options.log
   * @param {number} [options.commandTimeoutMs]  a command slower than this fails (a read becomes a miss)
   * @param {number} [options.maxTtlSeconds]     the longest an entry is kept
   */
  constructor({
    url,
    keyPrefix = "",
    scope = null,
    buildId,
    log,
    commandTimeoutMs = 500,
    maxTtlSeconds = 7 * DAY_SECONDS,
  }) {
    this.log = log;
    this.target = redactRedisUrl(url);
    this.maxTtlSeconds = maxTtlSeconds;
    const base = `${keyPrefix}loyaltap:${scope ? `${scope}:` : ""}`;
    this.entryPrefix = `${base}${buildId}:e:`;
    this.tagPrefix = `${base}tag:`;
    // Tag records outlive every entry they could expire.
    this.tagTtlSeconds = maxTtlSeconds + DAY_SECONDS;
    /** Whether the last command (or connection attempt) failed: an outage is logged once. */
    this.failing = false;
    /** Tag expiries that could not be written yet: tag → fields of its hash. */
    this.pendingTags = new Map();
    this.closed = false;

    this.client = createClient({
      url,
      // Commands are refused at once while disconnected, never queued to run late.
      disableOfflineQueue: true,
      commandOptions: { timeout: commandTimeoutMs },
      socket: {
        connectTimeout: 1000,
        // Keep trying, at most every 2 s: the cache comes back with Redis.
        reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
      },
    });
    this.binary = this.client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
    this.client.on("error", (error) => this.failed(error));
    this.client.on("ready", () => {
      this.recovered();
      if (this.pendingTags.size) void this.flushPendingTags();
    });
    this.client.connect().catch((error) => this.failed(error));
  }

  failed(error) {
    if (this.failing || this.closed) return;
    this.failing = true;
    this.log.error(
      { source: "redis-cache", redis: this.target, ...errorFields(error) },
      "Redis cache unavailable: pages render from the database until it is back",
    );
  }

  recovered() {
    if (!this.failing) return;
    this.failing = false;
    this.log.info({ source: "redis-cache", redis: this.target }, "Redis cache available again");
    if (this.pendingTags.size) void this.flushPendingTags();
  }

  get ready() {
    return this.client.isReady;
  }

  /**
   * The entry under `key` (its record: lastModified, value, cacheControl), or
   * null when there is none, one of its tags (or of `extraTags`) expired after
   * it was made, or Redis cannot answer now.
   */
  async get(key, extraTags = []) {
    if (!this.ready) return null;
    try {
      const frame = await this.binary.get(this.entryPrefix + key);
      if (!frame) return null;
      const record = decodeEntry(frame);
      if (!record) return null;
      const tags = [...new Set([...(record.tags ?? []), ...extraTags])];
      if (tags.length) {
        const now = Date.now();
        const states = await Promise.all(tags.map((tag) => this.client.hmGet(this.tagPrefix + tag, ["e", "s"])));
        let stale = false;
        for (const [expiredText, staleText] of states) {
          const expiredAt = expiredText == null ? NaN : Number(expiredText);
          if (expiredAt <= now && expiredAt > record.lastModified) return null;
          const staleAt = staleText == null ? NaN : Number(staleText);
          if (staleAt > record.lastModified) stale = true;
        }
        // A stale tag (revalidateTag with a cacheLife profile) makes Next.js
        // revalidate the entry: it reads an entry this old as past its time.
        if (stale) return { lastModified: 1, value: record.value, cacheControl: record.cacheControl };
      }
      this.recovered();
      return { lastModified: record.lastModified, value: record.value, cacheControl: record.cacheControl };
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  /** Stores a record ({lastModified, value, cacheControl, tags}); a failure is logged, never thrown. */
  async set(key, record) {
    if (!this.ready) return;
    try {
      await this.binary.set(this.entryPrefix + key, encodeEntry(record), {
        EX: entryTtlSeconds(record, this.maxTtlSeconds),
      });
      this.recovered();
    } catch (error) {
      this.failed(error);
    }
  }

  async delete(key) {
    if (!this.ready) return;
    try {
      await this.client.del(this.entryPrefix + key);
    } catch (error) {
      this.failed(error);
    }
  }

  /**
   * Next.js's revalidateTag(tags, durations): without durations the tags
   * expire now; with them they are stale now and expire after
   * `durations.expire` seconds.
   */
  async expireTags(tags, durations) {
    const list = typeof tags === "string" ? [tags] : [...tags];
    if (!list.length) return;
    const now = Date.now();
    const fields = durations
      ? { s: String(now), ...(durations.expire !== undefined ? { e: String(now + durations.expire * 1000) } : {}) }
      : { e: String(now) };
    for (const tag of list) this.pendingTags.set(tag, { ...this.pendingTags.get(tag), ...fields });
    await this.flushPendingTags();
  }

  async flushPendingTags() {
    if (!this.ready || !this.pendingTags.size) {
      if (this.pendingTags.size && !this.closed) {
        this.log.warn(
          { source: "redis-cache", tags: this.pendingTags.size },
          "Redis cache tag expiry kept until Redis is back",
        );
      }
      return;
    }
    const batch = [...this.pendingTags];
    try {
      const multi = this.client.multi();
      for (const [tag, fields] of batch) {
        multi.hSet(this.tagPrefix + tag, fields);
        multi.expire(this.tagPrefix + tag, this.tagTtlSeconds);
      }
      await multi.exec();
      // Only what was written leaves the queue (a newer expiry of the same tag stays).
      for (const [tag, fields] of batch) if (this.pendingTags.get(tag) === fields) this.pendingTags.delete(tag);
      this.recovered();
    } catch (error) {
      this.failed(error);
    }
  }

  async close() {
    this.closed = true;
    try {
      await this.client.close();
    } catch {
      this.client.destroy();
    }
  }
}

/**
 * Next.js's CacheHandler interface (next.config.ts `cacheHandler`) on a
 * RedisCacheStore. Next.js makes one per request, so it remembers when this
 * request first looked each key up: that time is the entry's lastModified.
 */
export class RedisCacheHandler {
  constructor(_ctx, store) {
    this.store = store;
    this.lookedUpAt = new Map();
  }

  async get(key, ctx) {
    if (!this.lookedUpAt.has(key)) this.lookedUpAt.set(key, Date.now());
    const extraTags = ctx?.kind === "FETCH" ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : [];
    return this.store.get(key, extraTags);
  }

  async set(key, data, ctx) {
    if (!data) {
      await this.store.delete(key);
      return;
    }
    const record = {
      lastModified: this.lookedUpAt.get(key) ?? Date.now(),
      value: data,
      cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl,
      tags: entryTags(data, ctx?.fetchCache ? ctx.tags : undefined),
    };
    this.lookedUpAt.delete(key);
    await this.store.set(key, record);
  }

  async revalidateTag(tags, durations) {
    await this.store.expireTags(tags, durations);
  }

  resetRequestCache() {}
}
