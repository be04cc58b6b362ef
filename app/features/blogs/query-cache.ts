/**
 * A tiny client cache for paged reads (what TanStack Query would do for the
 * blog feed, in a few hundred bytes): an answer is fresh for `freshMs` (served
 * without asking again), kept for `keepMs` after it arrived (served at once,
 * then revalidated), and a failed request is retried `retries` times after
 * `retryDelayMs`. Concurrent requests for one key share one fetch. There is
 * deliberately no refetch on window focus.
 */
interface QueryCacheOptions {
  freshMs: number;
  keepMs: number;
  retries: number;
  retryDelayMs: number;
  now?: () => number;
}

interface CacheHit<T> {
  data: T;
  fresh: boolean;
}

export function createQueryCache<K, T>({ freshMs, keepMs, retries, retryDelayMs, now = Date.now }: QueryCacheOptions) {
  const entries = new Map<K, { data: T; at: number }>();
  const inflight = new Map<K, Promise<T>>();

  function peek(key: K): CacheHit<T> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = now() - entry.at;
    if (age > keepMs) {
      entries.delete(key);
      return undefined;
    }
    return { data: entry.data, fresh: age <= freshMs };
  }

  async function attempt(fetcher: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await fetcher();
      } catch (error) {
        if (tries >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  /** Asks the server (sharing a request already under way) and stores the answer. */
  function revalidate(key: K, fetcher: () => Promise<T>): Promise<T> {
    const pending = inflight.get(key);
    if (pending) return pending;
    const request = attempt(fetcher)
      .then((data) => {
        entries.set(key, { data, at: now() });
        return data;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, request);
    return request;
  }

  /** A fresh answer from the cache, else from the server. */
  function fetch(key: K, fetcher: () => Promise<T>): Promise<T> {
    const hit = peek(key);
    return hit?.fresh ? Promise.resolve(hit.data) : revalidate(key, fetcher);
  }

  return { peek, fetch, revalidate, clear: () => entries.clear() };
}
