import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { alertsOf } from "#app/features/alerts/context.server.ts";
import { goLiveFindings, type Finding } from "#app/features/go-live/checks.server.ts";
import { renderPageContext } from "#app/features/go-live/scan.server.ts";

/**
 * One answer from the running server (issue 47, item 6): `npm run
 * golive:check` asks the server for its findings instead of reading its own
 * environment, so the CLI and the console page say the same. The script
 * proves it runs on the server's machine with the server's APP_SECRET: its
 * token is an HMAC of the minute under that secret, good for five minutes
 * either way, and tells nothing of the secret.
 */
export const GOLIVE_PATH = "/admin/go-live/findings";
export const GOLIVE_AUTH_SCHEME = "GoLive";
const SKEW_MINUTES = 5;

const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);
const mac = (secret: string, minute: number) => createHmac("sha256", secret).update(`golive-check:${minute}`).digest("hex");

/** The Authorization header's value the script sends. */
export function goLiveAuthorization(secret: string, now = new Date()): string {
  const minute = minuteOf(now);
  return `${GOLIVE_AUTH_SCHEME} ${minute}.${mac(secret, minute)}`;
}

export function validGoLiveAuthorization(secret: string, header: string | null, now = new Date()): boolean {
  const m = /^GoLive (\d{1,12})\.([0-9a-f]{64})$/.exec(header ?? "");
  if (!m) return false;
  const minute = Number(m[1]);
  if (Math.abs(minute - minuteOf(now)) > SKEW_MINUTES) return false;
  return timingSafeEqual(Buffer.from(mac(secret, minute), "hex"), Buffer.from(m[2]!, "hex"));
}

/** What the server answers the script: its findings, and the origin its links are on. */
export interface GoLiveAnswer {
  origin: string;
  findings: Finding[];
}

/**
 * The server's own findings, with its environment, its settings and the
 * public pages as it renders them; `testAlerts` also sends a test alert
 * through every configured channel (the script always does; the console page
 * on its button, since a mail server may take seconds to answer).
 */
export async function serverFindings(context: Readonly<RouterContextProvider>, options: { testAlerts: boolean }): Promise<Finding[]> {
  const { db, deployment } = services(context);
  return goLiveFindings(db, deployment, new Date(), {
    render: context.get(renderPageContext),
    testAlerts: options.testAlerts ? alertsOf(context) : null,
  });
}

/** The origin the findings' links are on: PUBLIC_ORIGIN, else the server's own, as the request reached it. */
export function linkOrigin(context: Readonly<RouterContextProvider>, request: Request): string {
  return services(context).publicOrigin || new URL(request.url).origin;
}
