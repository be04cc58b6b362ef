import { describe, expect, it } from "vitest";
import { LOCALES } from "#app/i18n/locales.ts";
import { jobsContentFor } from "#app/features/info/jobs.server.ts";
import shared from "../../../locales/shared/info.json";

describe("job opportunities content", () => {
  const chips = Object.values(shared.jobs.chips);

  it.each(LOCALES)("%s explains each Korean chip word in its text", (locale) => {
    const content = jobsContentFor(locale);
    const text = content.sections.map((s) => `${s.title}\n${s.body}`).join("\n");
    for (const word of chips) expect(text).toContain(word);
  });

  it.each(LOCALES)("%s gives the help numbers 1345 and 1350 and the official sites", (locale) => {
    const text = jobsContentFor(locale)
      .sections.map((s) => s.body)
      .join("\n");
    for (const needle of ["1345", "1350", "eps.go.kr", "work24.go.kr", "minimumwage.go.kr"]) expect(text).toContain(needle);
  });
});
