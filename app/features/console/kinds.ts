import { href } from "react-router";
import type { RequestKind } from "#app/requests/kinds.ts";

/** The console's own pages, for its navigation. */
export const ACCOUNT_PATH = href("/admin/account");
export const SIGN_IN_PATH = href("/admin/sign-in");
/** The privacy officer's pages (issue 52): where its sign-in lands, and all it may open. */
export const ACCESS_REVIEW_PATH = href("/admin/access");
export const DESTRUCTION_PATH = href("/admin/destruction");
export const OFFICER_PATHS: readonly string[] = [ACCESS_REVIEW_PATH, DESTRUCTION_PATH, ACCOUNT_PATH];

export function requestHref(kind: RequestKind, id: number): string {
  return href("/admin/requests/:kind/:id", { kind, id: String(id) });
}
