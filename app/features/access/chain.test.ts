import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compactRecords, GENESIS, maskTerm, networkOf, recordHash, walkChain, type ChainFields } from "./chain.ts";

describe("maskTerm", () => {
  it("keeps a phone-like term as its first three and last two digits", () => {
    expect(maskTerm("010-1234-5678")).toEqual({ term: "010******78", termKind: "phone" });
    expect(maskTerm("+82 10 1234 5678")).toEqual({ term: "821*******78", termKind: "phone" });
    expect(maskTerm("nguyen")).toEqual({ term: "n***** (6)", termKind: "name" });
    expect(maskTerm("  ")).toEqual({ term: "", termKind: "" });
    expect(maskTerm(undefined)).toEqual({ term: "", termKind: "" });
  });

  it("never keeps a searched phone number or name whole, whatever was typed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 60 }), (q) => {
        const text = q.trim();
        const { term } = maskTerm(q);
        if ([...text].length >= 4) expect(term.includes(text)).toBe(false);
        const digits = text.replace(/\D+/g, "");
        if (digits.length >= 7) expect(term.includes(digits)).toBe(false);
        expect(term.length).toBeLessThanOrEqual(64);
      }),
    );
  });
});

describe("networkOf", () => {
  it("groups IPv4 by /24 and IPv6 by /48", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("unknown")).toBe("unknown");
  });
});

describe("compactRecords", () => {
  it("writes runs of ids as ranges, per kind, each id once", () => {
    expect(compactRecords([])).toBe("");
    expect(
      compactRecords([
        { kind: "consultation", id: 3 },
        { kind: "consultation", id: 1 },
        { kind: "consultation", id: 2 },
        { kind: "as", id: 9 },
        { kind: "consultation", id: 7 },
        { kind: "consultation", id: 7 },
      ]),
    ).toBe("consultation:1-3,7;as:9");
  });

  it("names exactly the ids it was given", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 500 }), { maxLength: 200 }), (ids) => {
        const text = compactRecords(ids.map((id) => ({ kind: "consultation", id })));
        const back = new Set<number>();
        for (const part of text ? text.slice("consultation:".length).split(",") : []) {
          const [a, b] = part.split("-").map(Number);
          for (let i = a!; i <= (b ?? a!); i++) back.add(i);
        }
        expect([...back].sort((x, y) => x - y)).toEqual([...new Set(ids)].sort((x, y) => x - y));
      }),
    );
  });
});

describe("walkChain", () => {
  const base: Omit<ChainFields, "prev_hash"> = {
    at: "2026-11-29T01:00:00.000Z",
    operator_id: 1,
    operator_email: "a@example.com",
    role: "agent",
    ip: "203.0.113.7",
    network: "203.0.113.0/24",
    kind: "inbox",
    records: "consultation:1",
    record_count: 1,
    term: "",
    term_kind: "",
    detail: "",
  };
  const chain = (n: number) => {
    const rows: (ChainFields & { id: number; hash: string })[] = [];
    let prev = GENESIS;
    for (let i = 1; i <= n; i++) {
      const row = { ...base, records: `consultation:${i}`, prev_hash: prev };
      prev = recordHash(row);
      rows.push({ ...row, id: i, hash: prev });
    }
    return rows;
  };

  it("accepts a whole chain and names the first changed or unlinked record", () => {
    expect(walkChain(chain(5), [GENESIS])).toBeNull();
    const changed = chain(5);
    changed[2] = { ...changed[2]!, ip: "10.0.0.1" };
    expect(walkChain(changed, [GENESIS])).toEqual({ id: 3, reason: "changed" });
    const removed = chain(5).filter((r) => r.id !== 2);
    expect(walkChain(removed, [GENESIS])).toEqual({ id: 3, reason: "link" });
    // The same instant written by either dialect hashes the same.
    const row = { ...base, prev_hash: GENESIS };
    expect(recordHash({ ...row, at: "2026-11-29 10:00:00+09" })).toBe(recordHash(row));
  });
});
