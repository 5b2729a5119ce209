import "server-only";
import { revalidatePath, revalidateTag, unstable_cache } from "next/cache";

// Next.js's data cache, usable from code that also runs outside a Next.js
// request (jest integration tests, scripts): there the loader simply runs.

export function cachedQuery<Args extends unknown[], T>(
  loader: (...args: Args) => Promise<T>,
  keyParts: string[],
  options: { tags: string[]; revalidate: number },
): (...args: Args) => Promise<T> {
  const cached = unstable_cache(loader, keyParts, options);
  return async (...args: Args) => {
    try {
      return await cached(...args);
    } catch (error) {
      if (error instanceof Error && error.message.includes("incrementalCache missing")) return loader(...args);
      throw error;
    }
  };
}

/** Expires cache tags at once (read-your-own-writes), from an action or a route handler. */
export function expireTags(...tags: string[]) {
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch {
      // Outside a Next.js request there is no cache.
    }
  }
}

export function expirePaths(...paths: string[]) {
  for (const path of paths) {
    try {
      revalidatePath(path);
    } catch {
      // Outside a Next.js request there is no cache.
    }
  }
}
