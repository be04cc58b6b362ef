/**
 * What a browser's push subscription must look like before we store it or
 * send to it (no library: the console's routes load this, not web-push).
 */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** An endpoint we may send to: https (tests: an allow-listed host, plain http too), no credentials. */
export function pushEndpoint(endpoint: unknown, allowHosts: readonly string[] = []): URL | null {
  if (typeof endpoint !== "string" || endpoint.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname) return null;
  if (url.protocol === "https:" || (url.protocol === "http:" && allowHosts.includes(url.host))) return url;
  return null;
}

/** The keys a browser's PushSubscription gives: p256dh a P-256 point (65 bytes), auth 16 bytes. */
export function validDeviceKeys(p256dh: unknown, auth: unknown): boolean {
  return (
    typeof p256dh === "string" &&
    B64URL.test(p256dh) &&
    Buffer.from(p256dh, "base64url").length === 65 &&
    typeof auth === "string" &&
    B64URL.test(auth) &&
    Buffer.from(auth, "base64url").length === 16
  );
}
