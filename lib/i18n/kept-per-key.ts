/**
 * `build(...args)` once per key (by default the first argument) for the life of
 * the process, for what ships with the build and never changes at run time (the
 * catalogs and what is made of them). A failed build is not kept: the next call
 * builds again.
 */
export function keptPerKey<A extends unknown[], V>(
  build: (...args: A) => Promise<V>,
  keyOf: (...args: A) => unknown = (...args) => args[0],
): (...args: A) => Promise<V> {
  const kept = new Map<unknown, Promise<V>>();
  return (...args) => {
    const key = keyOf(...args);
    let found = kept.get(key);
    if (!found) {
      found = build(...args);
      found.catch(() => kept.delete(key));
      kept.set(key, found);
    }
    return found;
  };
}
