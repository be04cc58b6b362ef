import { describe, expect, it } from "vitest";
import { openSqlite } from "#db/sqlite-driver.ts";

describe("openSqlite's kept statements (issue 41)", () => {
  const open = () => {
    const { database, raw } = openSqlite(":memory:");
    raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    raw.exec("INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    return database;
  };

  it("answers the same text with new parameters each time, and sees rows written since", () => {
    const db = open();
    const sql = "SELECT name FROM t WHERE id = ?";
    expect(db.prepare(sql).all([1])).toEqual([{ name: "a" }]);
    expect(db.prepare(sql).all([2])).toEqual([{ name: "b" }]);
    db.prepare("INSERT INTO t (id, name) VALUES (?, ?)").run([4, "d"]);
    expect(db.prepare(sql).all([4])).toEqual([{ name: "d" }]);
    expect(db.prepare("UPDATE t SET name = ? WHERE id = ?").reader).toBe(false);
    expect(db.prepare(sql).reader).toBe(true);
    db.close();
  });

  it("keeps an open iterator apart from the same query run meanwhile", () => {
    const db = open();
    const sql = "SELECT id FROM t WHERE id >= ? ORDER BY id";
    const rows = db.prepare(sql).iterate([1]);
    expect(rows.next().value).toEqual({ id: 1 });
    expect(db.prepare(sql).all([3])).toEqual([{ id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
    db.close();
  });
});
