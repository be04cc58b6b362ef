import { describe, expect, it } from "vitest";
import { lastKnown } from "#app/lib/last-known.server.ts";

/** What the guarded database throws while it is away: its cause says why (db/dependency.ts). */
const away = () =>
  new Error("dependency unavailable", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });

describe("lastKnown", () => {
  function source() {
    const db = {};
    let answer: () => Promise<string> = () => Promise.resolve("first");
    const read = lastKnown(
      (_db: object, locale: string) => answer().then((value) => `${value} ${locale}`),
      (locale) => locale,
    );
    return { db, read, answer: (next: () => Promise<string>) => (answer = next) };
  }

  it("answers what it read; while the database is away, the last answer for the same key", async () => {
    const s = source();
    expect(await s.read(s.db, "vi")).toBe("first vi");
    s.answer(() => Promise.reject(away()));
    expect(await s.read(s.db, "vi")).toBe("first vi");
    s.answer(() => Promise.resolve("second"));
    expect(await s.read(s.db, "vi")).toBe("second vi");
  });

  it("lets the error stand before a first read of that key, and for a failure of any other kind", async () => {
    const s = source();
    await s.read(s.db, "vi");
    s.answer(() => Promise.reject(away()));
    await expect(s.read(s.db, "mn")).rejects.toThrow("dependency unavailable");
    s.answer(() => Promise.reject(new TypeError("a bug")));
    await expect(s.read(s.db, "vi")).rejects.toThrow("a bug");
    await expect(s.read({}, "vi")).rejects.toThrow("a bug");
  });
});
