import { isDependencyAway } from "#db/dependency.ts";

/**
 * A read whose last answer stands in while the database is away (issue 39):
 * what every page's frame and the public loan pages show (the business's
 * identity, the live products) changes rarely, so a page that needs nothing
 * else from the database (the calculator, a guide, the products) is still
 * served during an outage, with the last facts this process read. Only a
 * failure that says the database is away (db/dependency.ts) falls back; any
 * other error, and an outage before the first read succeeded, stands.
 * Remembered per database and per `key` (a language: a handful of values).
 */
export function lastKnown<D extends object, A extends unknown[], T>(
  read: (db: D, ...args: A) => Promise<T>,
  keyOf: (...args: A) => string,
): (db: D, ...args: A) => Promise<T> {
  const last = new WeakMap<D, Map<string, T>>();
  return async (db, ...args) => {
    const key = keyOf(...args);
    try {
      const value = await read(db, ...args);
      let known = last.get(db);
      if (!known) last.set(db, (known = new Map()));
      known.set(key, value);
      return value;
    } catch (error) {
      const known = last.get(db);
      if (isDependencyAway(error) && known?.has(key)) return known.get(key) as T;
      throw error;
    }
  };
}
