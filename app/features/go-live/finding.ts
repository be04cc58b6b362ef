import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * What the go-live check answers (issues 36, 47): its findings, and the
 * console pages and guides where each is fixed. One home for the shape that
 * the settings checks (checks.server.ts), the scan of the public pages
 * (scan.server.ts), the test alert (extras.server.ts), the console page and
 * the CLI all share, so none of them imports another to learn it.
 */
export type GoLiveArea =
  "identity" | "brand" | "certificate" | "ads" | "deployment" | "backup" | "claims" | "legal" | "public" | "alerts" | "privacy";

/** Where one sample value shows: a page, its languages, and the first excerpt. */
export interface Place {
  page: string;
  langs: string[];
  excerpt: string;
}

export interface Finding {
  area: GoLiveArea;
  /** What is left, as a console catalog key (its `{field}` filled from `field`). */
  what: AdminKey;
  /** The console's name of the field concerned, when there is one. */
  field?: AdminKey;
  /** What exactly, when the catalog's words need it (a legal text's kind, date, language and placeholder). */
  detail?: string;
  /** Where it is fixed: a console path, or the deploy guide's section. */
  fix: string;
  /** A sample value a visitor reads (area "public"): the pages, their languages and an excerpt (scan.server.ts). */
  places?: Place[];
  /** Pages beyond `places` where it shows too. */
  morePlaces?: number;
}

export const BUSINESS_PAGE = "/admin/business";
export const PRODUCTS_PAGE = "/admin/products";
export const LEGAL_PAGE = "/admin/legal";
export const HOME_CLAIMS_PAGE = "/admin/home-claims";
export const DEPLOY_GUIDE = "docs/deploy.md#go-live";
export const OPERATORS_PAGE = "/admin/operators";
export const DEPLOY_GUIDE_ACCESS = "docs/deploy.md#the-privacy-officer-and-the-access-records-adr-0053";
