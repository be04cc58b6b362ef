import { describe, expect, it } from "vitest";
import { editExpiryDate, expiryDigits, formatExpiryDate, isRealDate } from "#app/requests/expiry-date.ts";

describe("formatExpiryDate: digits only, auto-formatted as YYYY/MM/DD, at most 8 digits", () => {
  it.each([
    ["", ""],
    ["2", "2"],
    ["2027", "2027"],
    ["20270", "2027/0"],
    ["202703", "2027/03"],
    ["2027031", "2027/03/1"],
    ["20270315", "2027/03/15"],
    ["202703159999", "2027/03/15"],
    ["2027/03/15", "2027/03/15"],
    ["2027-03-15", "2027/03/15"],
    ["abc2027x03", "2027/03"],
  ])("%j → %j", (raw, formatted) => {
    expect(formatExpiryDate(raw)).toBe(formatted);
  });
});

describe("editExpiryDate keeps the caret after the same digits", () => {
  it("typing at the end moves past an inserted slash", () => {
    expect(editExpiryDate("20270", 5, "2027")).toEqual({ value: "2027/0", caret: 6 });
  });
  it("typing in the middle keeps the caret after the typed digit", () => {
    // "2027/03" with "1" typed after "202" → digits 20217 03 → 2021/70/3
    expect(editExpiryDate("2021" + "7/03", 4, "2027/03")).toEqual({ value: "2021/70/3", caret: 4 });
  });
  it("Backspace right after a slash deletes the digit before it", () => {
    expect(editExpiryDate("202703", 4, "2027/03", "backward")).toEqual({ value: "2020/3", caret: 3 });
  });
  it("Delete right before a slash deletes the digit after it", () => {
    expect(editExpiryDate("202703", 4, "2027/03", "forward")).toEqual({ value: "2027/3", caret: 4 });
  });
  it("a pasted date is cut to 8 digits", () => {
    expect(editExpiryDate("2027-03-15 extra 99", 19, "")).toEqual({ value: "2027/03/15", caret: 10 });
  });
});

describe("expiryDigits accepts YYYYMMDD and YYYY/MM/DD only", () => {
  it.each([
    ["20270315", "20270315"],
    ["2027/03/15", "20270315"],
    [" 2027/03/15 ", "20270315"],
    ["2027-03-15", null],
    ["2027/3/15", null],
    ["2027031", null],
    ["202703150", null],
    ["2027/03/1", null],
    ["", null],
  ])("%j → %j", (input, out) => {
    expect(expiryDigits(input)).toBe(out);
  });
});

describe("isRealDate: a day that exists on the calendar", () => {
  it.each(["20270315", "20280229", "20000229", "20271231", "20270101"])("%s exists", (d) => expect(isRealDate(d)).toBe(true));
  it.each([
    "20270229",
    "19000229",
    "20270230",
    "20270431",
    "20271301",
    "20270001",
    "20270100",
    "00000000",
    "18991231",
    "21010101",
    "2027031",
  ])("%s does not", (d) => expect(isRealDate(d)).toBe(false));
});
