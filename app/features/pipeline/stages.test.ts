import { describe, expect, it } from "vitest";
import en from "#app/features/console/i18n/en.json";
import ko from "#app/features/console/i18n/ko.json";
import { APPLICATION_STAGES, CONSULTATION_STAGES, REQUEST_KINDS, stagesOf } from "#app/requests/kinds.ts";
import { validate } from "#app/lib/schema.ts";
import { CLOSED_REASONS, moveSchema, nextStages } from "#app/features/pipeline/stages.ts";

const catalogs = { en: en as Record<string, unknown>, ko: ko as Record<string, unknown> };

describe("the pipeline's rules", () => {
  it("moves each kind only among its own stages, and never to where it stands", () => {
    for (const kind of REQUEST_KINDS) {
      for (const from of stagesOf(kind)) {
        for (const to of nextStages(kind, from)) {
          expect(stagesOf(kind), `${kind} ${from}→${to}`).toContain(to);
          expect(to).not.toBe(from);
        }
      }
    }
    expect(nextStages("proposal", "contacting")).toEqual([]);
  });

  it("reaches every stage of a consultation from new, and leaves every stage but approved", () => {
    const reached = new Set<string>(["new"]);
    const queue = ["new"] as (typeof CONSULTATION_STAGES)[number][];
    while (queue.length)
      for (const to of nextStages("consultation", queue.shift()!)) if (!reached.has(to) && reached.add(to)) queue.push(to as never);
    expect([...reached].sort()).toEqual([...CONSULTATION_STAGES].sort());
    for (const stage of CONSULTATION_STAGES) expect(nextStages("consultation", stage).length === 0, stage).toBe(stage === "approved");
    for (const stage of APPLICATION_STAGES) expect(nextStages("proposal", stage).length, stage).toBeGreaterThan(0);
  });

  it("says every stage, reason, help text and message in Korean and English", () => {
    const keys = [
      ...[...CONSULTATION_STAGES, ...APPLICATION_STAGES].map((s) => `pipeline.stage.${s}`),
      ...CONSULTATION_STAGES.map((s) => `pipeline.help.loan.${s}`),
      ...APPLICATION_STAGES.map((s) => `pipeline.help.short.${s}`),
      ...CLOSED_REASONS.flatMap((r) => [`pipeline.reason.${r}`, `pipeline.help.reason.${r}`]),
      ...["missing", "stale", "notAllowed", "reason", "consent", "consentLender", "invalid"].map((e) => `pipeline.error.${e}`),
    ];
    for (const [lang, catalog] of Object.entries(catalogs)) for (const key of keys) expect(catalog[key], `${lang} ${key}`).toBeTruthy();
  });

  it("answers every refusal of the move schema with a console message", () => {
    const inputs = [
      {},
      { to: "elsewhere" },
      { to: "with_lender" },
      { to: "with_lender", lender: "\u200b" },
      { to: "approved", amount: "0", approvedOn: "2026-13-01" },
      { to: "closed", reason: "other" },
      { to: "closed", reason: "bored" },
    ];
    for (const input of inputs) {
      const result = validate(moveSchema, input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      if (!result.success) for (const message of Object.values(result.errors)) expect(catalogs.en[message], message).toBeTruthy();
    }
  });
});
