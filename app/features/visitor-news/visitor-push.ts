import { v } from "#app/lib/schema.ts";

/**
 * Web Push to a visitor (issue 38): what the status page posts to subscribe
 * (one schema, read by the page's button and the server alike) and the kinds
 * of news a notification may carry. A notification says only the kind of
 * news and links to the status page: no name, no phone, no amount (it may
 * show on a lock screen).
 */
export const VISITOR_NEWS = ["calling", "missed", "callback", "documents", "with_lender", "decided", "closed"] as const;
export type VisitorNews = (typeof VISITOR_NEWS)[number];

export function isVisitorNews(value: unknown): value is VisitorNews {
  return typeof value === "string" && (VISITOR_NEWS as readonly string[]).includes(value);
}

/** The status page's form intents for the button. */
export const PUSH_SUBSCRIBE = "push_subscribe";
export const PUSH_UNSUBSCRIBE = "push_unsubscribe";

const base64url = (min: number, max: number) =>
  v.pipe(v.string(), v.minLength(min), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, "invalid"));

/** A push service's endpoint: https only, bounded (the push services' own are well under 1 kB). */
export const pushEndpointSchema = v.pipe(
  v.string(),
  v.minLength(12),
  v.maxLength(1024),
  v.check((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.username === "" && url.password === "";
    } catch {
      return false;
    }
  }, "invalid"),
);

/** `PushSubscription.toJSON()` flattened into the form: the endpoint and its two keys (P-256 point: 65 bytes, auth: 16). */
export const visitorSubscriptionSchema = v.object({
  endpoint: pushEndpointSchema,
  p256dh: base64url(80, 100),
  auth: base64url(16, 32),
});
export type VisitorSubscription = v.InferOutput<typeof visitorSubscriptionSchema>;

/** Where the visitors' service worker lives (a public file, registered only from the status page's button). */
export const VISITOR_SW_URL = "/visitor-push-sw.js";
