import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sampleMarks } from "#app/loans/sample-marks.ts";

const NOW = new Date("2026-11-29T03:00:00Z");
const REAL = { sample: 0, confirm_no: "2026-123", review_no: "2026-045", confirm_until: "2027-06-30", review_until: "2027-06-30" };

describe("an ad is a sample by its content, whoever saved it (issue 47, item 6)", () => {
  it("a real ad has no mark", () => {
    expect(sampleMarks(REAL, ["외국인 근로자 신용대출"], NOW)).toEqual([]);
  });

  it("the seeded flag, a number beginning 샘플, [샘플] in a text, a validity more than a year ahead each mark it", () => {
    expect(sampleMarks({ ...REAL, sample: 1 }, [], NOW)).toEqual(["flag"]);
    expect(sampleMarks({ ...REAL, confirm_no: "샘플-A-0001" }, [], NOW)).toEqual(["number"]);
    expect(sampleMarks(REAL, ["[샘플] 대출 실행일의 금융채 금리"], NOW)).toEqual(["text"]);
    expect(sampleMarks({ ...REAL, review_until: "2099-12-31" }, [], NOW)).toEqual(["validity"]);
    expect(sampleMarks({ ...REAL, review_until: "2027-11-30" }, [], NOW)).toEqual([]);
    expect(sampleMarks({ ...REAL, review_until: "2027-12-01" }, [], NOW)).toEqual(["validity"]);
  });

  it("[샘플] planted anywhere in any text marks it (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), fc.string(), fc.string(), (others, before, after) => {
        expect(sampleMarks(REAL, [...others, `${before}[샘플]${after}`], NOW)).toContain("text");
      }),
    );
  });
});
