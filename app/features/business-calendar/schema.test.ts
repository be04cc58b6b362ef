import { describe, expect, it } from "vitest";
import { validate } from "#app/lib/schema.ts";
import { closureSchema, hoursFields, hoursSchema } from "#app/features/business-calendar/schema.ts";

const VALID = { days: "1,2,3,4,5", working_start: "09:00", working_end: "18:00", calling_start: "09:00", calling_end: "18:00" };
const check = (over: Record<string, string>) => validate(hoursSchema, { ...VALID, ...over }, { crossField: true });

describe("the calendar's hours form", () => {
  it("reads the weekdays and times as minutes", () => {
    expect(check({})).toEqual({
      success: true,
      output: { days: [1, 2, 3, 4, 5], working_start: 540, working_end: 1080, calling_start: 540, calling_end: 1080 },
    });
    const form = new URLSearchParams("days=5&days=1&days=1&working_start=09:00&working_end=18:00&calling_start=10:00&calling_end=17:30");
    expect(validate(hoursSchema, hoursFields(form), { crossField: true })).toMatchObject({
      success: true,
      output: { days: [1, 5], calling_start: 600, calling_end: 1050 },
    });
  });

  it("refuses calling hours outside 08:00–21:00 or outside the working hours, ranges upside down, no day, bad times", () => {
    const errors = (over: Record<string, string>) => {
      const result = check(over);
      return result.success ? {} : result.errors;
    };
    expect(errors({ working_start: "07:00", working_end: "22:00", calling_start: "07:30", calling_end: "21:30" })).toEqual({
      calling_start: "calendar.error.legal",
      calling_end: "calendar.error.legal",
    });
    expect(errors({ calling_start: "08:30", calling_end: "19:00" })).toEqual({
      calling_start: "calendar.error.outsideWorking",
      calling_end: "calendar.error.outsideWorking",
    });
    expect(errors({ working_end: "08:00" })).toMatchObject({ working_end: "calendar.error.order" });
    expect(errors({ calling_start: "12:00", calling_end: "11:00" })).toEqual({ calling_end: "calendar.error.order" });
    expect(errors({ days: "" })).toEqual({ days: "calendar.error.noDays" });
    expect(errors({ days: "1,8" })).toEqual({ days: "calendar.error.days" });
    expect(errors({ working_start: "9am", calling_end: "" })).toEqual({
      working_start: "calendar.error.time",
      calling_end: "calendar.error.required",
    });
  });

  it("takes a real day and a short note for a closure", () => {
    expect(validate(closureSchema, { day: "2027-01-04", note: " Office move " })).toEqual({
      success: true,
      output: { day: "2027-01-04", note: "Office move" },
    });
    expect(validate(closureSchema, { day: "2027-02-30", note: "" })).toEqual({ success: false, errors: { day: "calendar.error.day" } });
    expect(validate(closureSchema, { day: "2027-01-04", note: "x".repeat(201) })).toEqual({
      success: false,
      errors: { note: "calendar.error.tooLong" },
    });
    expect(validate(closureSchema, { day: "2027-01-04", note: "a\u0000b" })).toEqual({
      success: false,
      errors: { note: "calendar.error.control" },
    });
  });
});
