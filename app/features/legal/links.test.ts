import { describe, expect, it } from "vitest";
import { isPolicyKind, policyCloseHref, policyHref, policyLangHref } from "#app/features/legal/links.ts";

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
