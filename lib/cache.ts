import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";

// The one door to Next.js's caches (docs/caching.md). Reads of public data are
// cached by cachedQuery under the tags below; the lib/db functions that write
// that data expire those tags, and nothing else does.
//
// Next.js compiles `process.env.NEXT_RUNTIME` into every server bundle it
// builds; jest and the tsx scripts run these modules as plain Node, where it
// is unset and there is no cache at all. Only that case skips the cache: an
// error from Next.js's cache inside the server (a misuse such as expiring
// during a render, or a broken cache handler) is thrown to the caller.
const insideNextServer = Boolean(process.env.NEXT_RUNTIME);

/**
 * Cache tags: plain strings, one per thing a write can change, so any cache
 * handler (in memory or shared) stores them and an edit expires only the
 * pages that show what it changed.
 */
export const cacheTags = {
  /** One tag id: whether it exists, which business holds it, secure or not. */
  tag: (tagId: string) => `tag:${tagId}`,
  /** One business: its public card, its landing data and its running programs. */
  business: (businessId: string) => `business:${businessId}`,
  /** Which business a /b/<slug> address names (or that none does). */
  slug: (slug: string) => `slug:${slug}`,
  /** The list of public cards in sitemap.xml. */
  sitemap: "sitemap",
} as const;

export function cachedQuery<Args extends unknown[], T>(
  loader: (...args: Args) => Promise<T>,
  keyParts: string[],
  options: { tags: string[]; revalidate: number },
): (...args: Args) => Promise<T> {
  if (!insideNextServer) return loader;
  return unstable_cache(loader, keyParts, options);
}

/**
 * Expires cache tags at once: the next read, on any instance sharing the
 * cache, loads fresh data (read-your-own-writes). Called by the lib/db
 * functions that write, after their write has committed.
 */
export function expireTags(...tags: string[]) {
  if (!insideNextServer) return;
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
