import { describe, expect, it } from "vitest";
import {
  isPolicyKind,
  isVersionDate,
  policyCloseHref,
  policyHref,
  policyLangHref,
  policyVersionHref,
  policyVersionLink,
} from "#app/features/legal/links.ts";

const at = (pathname: string, search = "") => ({ pathname, search });

describe("legal modal links (?policy=kind)", () => {
  it("adds the kind and keeps the page's other parameters", () => {
    expect(policyHref(at("/"), "privacy")).toBe("/?policy=privacy");
    expect(policyHref(at("/loan-consultation", "?lang=vi"), "service")).toBe("/loan-consultation?lang=vi&policy=service");
  });
  it("closing removes the modal's parameters only", () => {
    expect(policyCloseHref(at("/", "?policy=privacy&policyLang=ko"))).toBe("/");
    expect(policyCloseHref(at("/x", "?lang=mn&policy=notice"))).toBe("/x?lang=mn");
  });
  it("switches between the Korean original and the visitor's language", () => {
    expect(policyLangHref(at("/", "?policy=privacy"), true)).toBe("/?policy=privacy&policyLang=ko");
    expect(policyLangHref(at("/", "?policy=privacy&policyLang=ko"), false)).toBe("/?policy=privacy");
  });
  it("knows the four kinds", () => {
    expect(["privacy", "service", "notice", "complaint"].every(isPolicyKind)).toBe(true);
    expect(isPolicyKind("terms")).toBe(false);
    expect(isPolicyKind(undefined)).toBe(false);
  });
});

describe("dated versions (?version=<date>)", () => {
  it("opens one version of the open document, or the one in force, keeping the other parameters", () => {
    expect(policyVersionHref(at("/x", "?lang=vi&policy=privacy"), "2026-12-10")).toBe("/x?lang=vi&policy=privacy&version=2026-12-10");
    expect(policyVersionHref(at("/x", "?policy=privacy&version=2026-12-10"), null)).toBe("/x?policy=privacy");
    expect(policyVersionLink(at("/", "?lang=mn"), "service", "2027-01-02")).toBe("/?lang=mn&policy=service&version=2027-01-02");
  });
  it("closing or opening another document from the footer drops the version", () => {
    expect(policyCloseHref(at("/", "?policy=privacy&version=2026-12-10&lang=id"))).toBe("/?lang=id");
    expect(policyHref(at("/", "?policy=privacy&version=2026-12-10"), "notice")).toBe("/?policy=notice");
  });
  it("knows a version date only as a real calendar day", () => {
    expect(isVersionDate("2026-12-10")).toBe(true);
    expect(["2026-02-30", "20261210", "2026-12-10x", "", undefined].some(isVersionDate)).toBe(false);
  });
});
