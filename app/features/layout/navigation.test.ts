import { describe, expect, it } from "vitest";
import { hidesMenuButton, NAV_GROUPS } from "#app/features/layout/navigation.ts";

describe("hidesMenuButton (spec §2)", () => {
  it.each(["/loan-consultation", "/loan-consultation/", "/loan-consultation/step", "/loan-consultation-complete", "/loan-consultation-x"])(
    "hides on %s",
    (path) => expect(hidesMenuButton(path)).toBe(true),
  );
  it.each(["/", "/loan", "/loan-consultations", "/company/about", "/information-service/loan"])("shows on %s", (path) =>
    expect(hidesMenuButton(path)).toBe(false),
  );
});

describe("menu groups", () => {
  it("lists every menu link of the spec", () => {
    expect(NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to))).toEqual([
      "/company/about",
      "/company/our-partners",
      "/company/contact-us",
      "/company/location",
      "/company/hitachi",
      "/information-service/social-channels",
      "/information-service/blogs",
      "/information-service/currency-exchange",
      "/information-service/loan",
      "/information-service/loan-faq",
      "/our-products/loan",
      "/our-products/repayment-calculator",
    ]);
  });
});
