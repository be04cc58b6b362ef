import { href } from "react-router";
import type { RequestKind } from "#app/requests/kinds.ts";

/** The console's own pages, for its navigation. */
export const ACCOUNT_PATH = href("/admin/account");
export const SIGN_IN_PATH = href("/admin/sign-in");

export function requestHref(kind: RequestKind, id: number): string {
  return href("/admin/requests/:kind/:id", { kind, id: String(id) });
}
