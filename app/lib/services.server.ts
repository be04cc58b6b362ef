import { createContext, RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { RateLimiter } from "#app/lib/rate-limit.server.ts";

/** Long-lived things the server made once: the database, the log, the limits. */
export interface AppServices {
  db: Kysely<Database>;
  log: Logger;
  limiter: RateLimiter;
  /** Secret for signed cookies (flash messages, sessions). */
  secret: string;
  /** True when the site is served over HTTPS (Secure cookies, HSTS). */
  secureCookies: boolean;
  /** Kakao Maps JavaScript key; empty shows the static map fallback. */
  kakaoMapAppKey: string;
  /** The URL of the public pages' one stylesheet, a hashed asset (empty in development; docs/decisions/0045). */
  stylesheet?: string;
  /** The site's public origin (https://…) for canonical URLs; else the request's. */
  publicOrigin?: string;
  /** With SMTP_URL: invitation and reset links also go by e-mail, through an outbox; `kick` wakes its worker (issue 29). */
  linkMail?: { kick: () => void } | null;
  /** Tests only (OG_FETCH_ALLOW_HOSTS): hosts the blog-link preview fetch may reach although private. */
  ogFetchAllowHosts?: string[];
  /** ADMIN_ALLOW_NETWORKS (issue 52): /admin answers only these networks (CIDR blocks); empty or absent, every network. */
  adminAllowNetworks?: string[];
  /** CODES_PER_ADDRESS: one-time codes one address may ask for in an hour (default CODES_PER_ADDRESS of phone-proof). */
  codesPerAddress?: number;
  /** How this instance is set up, for the go-live check (no secret's value, only whether it is set). */
  deployment?: DeploymentFacts;
}

/** What the go-live check asks of the environment (server/config.ts `deploymentFacts`). */
export interface DeploymentFacts {
  /** PUBLIC_ORIGIN as set ("" when unset). */
  publicOrigin: string;
  /** APP_SECRET comes from the environment, not a file made on this machine. */
  appSecretSet: boolean;
  /** SMTP_URL is set (invitations, resets and alerts by e-mail). */
  smtpSet: boolean;
  /** The Web Push keys come from the environment. */
  vapidSet: boolean;
  /** ADMIN_ALLOW_NETWORKS limits /admin to listed networks (issue 52). */
  adminNetworksSet?: boolean;
  /** Authenticator secrets sealed with another APP_SECRET than this one (`npm run secrets:rotate` re-seals them); unknown: unset. */
  sealedWithOtherKey?: number;
}

/** Per-request facts the HTTP layer knows. */
interface RequestInfo {
  nonce: string;
  clientIp: string;
  requestId: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown", requestId: "-" });

export function services(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

/** A context for calling loaders and actions directly (tests, scripts). */
export function makeContext(app: AppServices, info?: Partial<RequestInfo>, extra?: (c: RouterContextProvider) => void) {
  const context = new RouterContextProvider();
  context.set(servicesContext, app);
  context.set(requestContext, { nonce: "", clientIp: "127.0.0.1", requestId: "test", ...info });
  extra?.(context);
  return context;
}
