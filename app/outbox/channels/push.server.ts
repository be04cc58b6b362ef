import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import webpush from "web-push";
import { OutboundRefused, pinLookup, pinnedAddress, type OutboundOptions, type PinnedAddress } from "#app/lib/outbound.server.ts";
import { SEND_TIMEOUT_MS } from "#app/outbox/policy.ts";
import type { SendResult } from "#app/outbox/result.ts";
import { pushEndpoint, type PushDevice } from "#app/outbox/channels/endpoint.server.ts";

/**
 * Web Push to a device (an operator's, a visitor's phone): the payload is encrypted for the device
 * (aes128gcm) and the request signed with our VAPID key by `web-push`; we send
 * it ourselves so that the endpoint gets the same guard as every outbound
 * request: https on the public internet, connected to the address checked.
 */
export type { PushDevice };

/** What a service worker shows: a title, a line, where a tap goes and a tag (a newer one replaces it). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The site's VAPID key pair and its contact (the alerts' settings make it). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

function post(url: URL, headers: Record<string, string | number>, body: Buffer | null, pinned: PinnedAddress | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, { method: "POST", headers, lookup: pinLookup(pinned), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

/** Any message (an operator's alert, a visitor's news, issue 38) to one subscription. */
export async function sendPushMessage(
  device: PushDevice,
  message: PushMessage,
  vapid: VapidKeys,
  options: OutboundOptions = {},
): Promise<SendResult> {
  const url = pushEndpoint(device.endpoint, options.allowHosts);
  if (!url) return { ok: false, reason: "endpoint not allowed", gone: true };
  let pinned: PinnedAddress | null;
  try {
    pinned = await pinnedAddress(url, options);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    return error.code === "blocked"
      ? { ok: false, reason: "endpoint not on the public internet", gone: true }
      : { ok: false, reason: "network: DNS" };
  }
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(message),
    {
      vapidDetails: vapid,
      TTL: 24 * 60 * 60,
      contentEncoding: "aes128gcm",
      urgency: "high",
    },
  );
  try {
    const status = await post(url, details.headers as Record<string, string | number>, details.body as Buffer | null, pinned);
    if (status >= 200 && status < 300) return { ok: true };
    // The browser unsubscribed or the subscription expired: remove it.
    if (status === 404 || status === 410) return { ok: false, reason: `push service: HTTP ${status} (subscription gone)`, gone: true };
    return { ok: false, reason: `push service: HTTP ${status}` };
  } catch (error) {
    const e = error as { name?: string; code?: string };
    return { ok: false, reason: e.name === "TimeoutError" || e.name === "AbortError" ? "timeout" : `network: ${e.code ?? "error"}` };
  }
}
