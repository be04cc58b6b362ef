import { href } from "react-router";

/** The absolute address of a one-time password link, for the administrator to pass on (never logged). */
export function passwordLinkUrl(request: Request, token: string): string {
  return new URL(href("/admin/password/:token", { token }), request.url).toString();
}
