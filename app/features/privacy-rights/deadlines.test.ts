import { describe, expect, it } from "vitest";
import { daysLeft, dueAt } from "#app/features/privacy-rights/deadlines.ts";

describe("the deadlines our policies promise (issue 28)", () => {
  it("counts days from the Korean day of receipt, the last day included", () => {
    // 2026-12-01 23:30 KST is 14:30 UTC: the 1st in Korea.
    const received = new Date("2026-12-01T14:30:00Z");
    expect(dueAt("access", received)).toBe("2026-12-09T14:59:59.999Z"); // the 9th, 23:59:59.999 KST
    expect(dueAt("complaint", received)).toBe("2026-12-15T14:59:59.999Z");
    expect(dueAt("erase", received)).toBe("2026-12-11T14:59:59.999Z");
    // A refusal of contact is due "at once" (금융소비자보호법 제21조의2②): the Korean day it arrives.
    expect(dueAt("refuse_contact", received)).toBe("2026-12-01T14:59:59.999Z");
    // 2026-12-01 00:30 KST (30 Nov 15:30 UTC) is the 1st too.
    expect(dueAt("access", new Date("2026-11-30T15:30:00Z"))).toBe("2026-12-09T14:59:59.999Z");
  });

  it("says how many days are left: 0 on the last day, negative once overdue", () => {
    const due = dueAt("access", new Date("2026-12-01T03:00:00Z"));
    expect(daysLeft(due, new Date("2026-12-01T03:00:00Z"))).toBe(8);
    expect(daysLeft(due, new Date("2026-12-09T14:00:00Z"))).toBe(0);
    expect(daysLeft(due, new Date("2026-12-09T15:00:00Z"))).toBe(-1);
  });
});
