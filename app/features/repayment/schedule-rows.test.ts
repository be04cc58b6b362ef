import { describe, expect, it } from "vitest";
import { repaymentSchedule } from "#app/features/repayment/schedule.ts";
import { scheduleRowsHtml } from "#app/features/repayment/schedule-rows.ts";

describe("scheduleRowsHtml: the table body of a schedule", () => {
  const schedule = repaymentSchedule({ amount: 1_000_000, annualRatePercent: 12, months: 3, method: "principal" });

  it("writes one row per month: the month as row header, then payment, principal, interest and balance", () => {
    expect(scheduleRowsHtml(schedule, "en")).toBe(
      '<tr><th scope="row">1</th><td>343,333</td><td>333,333</td><td>10,000</td><td>666,667</td></tr>' +
        '<tr><th scope="row">2</th><td>339,999</td><td>333,333</td><td>6,666</td><td>333,334</td></tr>' +
        '<tr><th scope="row">3</th><td>336,667</td><td>333,334</td><td>3,333</td><td>0</td></tr>',
    );
  });

  it("groups digits as the language does, with Western digits in every language", () => {
    expect(scheduleRowsHtml(schedule, "vi")).toContain("<td>343.333</td>");
    expect(scheduleRowsHtml(schedule, "my")).toContain("<td>343,333</td>");
  });
});
