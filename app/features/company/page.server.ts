import type { RouterContextProvider } from "react-router";
import { pageData } from "#app/web/page.server.ts";

type CompanySection = "about" | "partners" | "contact" | "location";

/**
 * A company page's loader data: `pageData` with only the part of the
 * `company` namespace that this page shows (plus `company.shared`), so the
 * about text never travels with the location page.
 */
export function companyPageData(context: Readonly<RouterContextProvider>, page: string, section: CompanySection) {
  const base = pageData(context, ["company"], page);
  const prefixes = [`company.${section}.`, "company.shared."];
  const messages = Object.fromEntries(Object.entries(base.i18n.messages).filter(([key]) => prefixes.some((p) => key.startsWith(p))));
  return { ...base, i18n: { ...base.i18n, messages } };
}
