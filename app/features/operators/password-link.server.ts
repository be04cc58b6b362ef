import { href } from "react-router";

/**
 * The absolute address of a one-time password link, for the administrator to
 * pass on (never logged): on PUBLIC_ORIGIN when it is set, else on the
 * request's origin.
 */
export function passwordLinkUrl(request: Request, token: string, publicOrigin?: string): string {
  return new URL(href("/admin/password/:token", { token }), publicOrigin || request.url).toString();
}
