import { describe, expect, it } from "vitest";
import en from "#app/features/console/i18n/en.json";
import { adminTranslate, type AdminKey, type AdminVars } from "#app/features/console/i18n.ts";
import { formatMinutes } from "#app/features/alerts/duration.ts";
import { median } from "#app/features/alerts/status.server.ts";

const t = (key: AdminKey, vars?: AdminVars) => adminTranslate("en", en, key, vars);

describe("time to first opening", () => {
  it.each([
    [null, "–"],
    [0, "0 min"],
    [12.9, "12 min"],
    [59.99, "59 min"],
    [60, "1 h 0 min"],
    [125, "2 h 5 min"],
    [24 * 60 + 3 * 60 + 59, "1 d 3 h"],
  ])("%s minutes read %s", (minutes, text) => {
    expect(formatMinutes(t, minutes)).toBe(text);
  });

  it("takes the median of odd and even counts, and none of nothing", () => {
    expect(median([])).toBeNull();
    expect(median([30, 5, 10])).toBe(10);
    expect(median([40, 5, 10, 20])).toBe(15);
  });
});
