import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryCache } from "#app/features/blogs/query-cache.ts";

const options = { freshMs: 30_000, keepMs: 300_000, retries: 1, retryDelayMs: 1_000 };

describe("query cache (spec §9: fresh 30 s, kept 5 min, 1 retry)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("answers from the cache while fresh, without asking again", async () => {
    const cache = createQueryCache<number, string>(options);
    const fetcher = vi.fn().mockResolvedValue("page 2");
    expect(await cache.fetch(2, fetcher)).toBe("page 2");
    vi.advanceTimersByTime(30_000);
    expect(await cache.fetch(2, fetcher)).toBe("page 2");
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("asks again once the answer is older than 30 s", async () => {
    const cache = createQueryCache<number, string>(options);
    const fetcher = vi.fn().mockResolvedValueOnce("old").mockResolvedValueOnce("new");
    await cache.fetch(2, fetcher);
    vi.advanceTimersByTime(30_001);
    expect(cache.peek(2)).toEqual({ data: "old", fresh: false });
    expect(await cache.fetch(2, fetcher)).toBe("new");
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cache.peek(2)).toEqual({ data: "new", fresh: true });
  });

  it("keeps a stale answer for 5 minutes, then forgets it", async () => {
    const cache = createQueryCache<number, string>(options);
    await cache.fetch(3, async () => "page 3");
    vi.advanceTimersByTime(300_000);
    expect(cache.peek(3)?.data).toBe("page 3");
    vi.advanceTimersByTime(1);
    expect(cache.peek(3)).toBeUndefined();
  });

  it("retries a failed request once, after a delay", async () => {
    const cache = createQueryCache<number, string>(options);
    const fetcher = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("page 2");
    const result = cache.fetch(2, fetcher);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe("page 2");
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("gives up after the one retry and caches nothing", async () => {
    const cache = createQueryCache<number, string>(options);
    const fetcher = vi.fn().mockRejectedValue(new Error("down"));
    const result = cache.fetch(2, fetcher);
    const settled = expect(result).rejects.toThrow("down");
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cache.peek(2)).toBeUndefined();
  });

  it("shares one request between callers asking at the same time", async () => {
    const cache = createQueryCache<number, string>(options);
    let resolve!: (value: string) => void;
    const fetcher = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const a = cache.fetch(2, fetcher);
    const b = cache.fetch(2, fetcher);
    resolve("page 2");
    expect(await Promise.all([a, b])).toEqual(["page 2", "page 2"]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("does not refetch when the window regains focus", async () => {
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
    try {
      const cache = createQueryCache<number, string>(options);
      const fetcher = vi.fn().mockResolvedValue("page 2");
      await cache.fetch(2, fetcher);
      vi.advanceTimersByTime(60_000);
      target.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.runAllTimersAsync();
      expect(fetcher).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
