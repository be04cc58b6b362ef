import { createContext, type RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import type { RequestStore } from "#app/requests/record.server.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";

/**
 * The server's one `Alerts` (issue 12), in every request's context: the server
 * (server/app.ts) sets it from the one server/main.ts made. Kept out of
 * lib's services so that lib knows no feature.
 */
export const alertsContext = createContext<Alerts>();

export function alertsOf(context: Readonly<RouterContextProvider>): Alerts {
  return context.get(alertsContext);
}

/** What a form needs to record a visitor's request: the database, the secret and these alerts. */
export function requestStore(context: Readonly<RouterContextProvider>): RequestStore {
  const { db, secret } = services(context);
  return { db, secret, alerts: alertsOf(context) };
}
