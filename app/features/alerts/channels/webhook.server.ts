import { createHmac } from "node:crypto";
import type { Alert } from "#app/features/alerts/message.ts";
import { SEND_TIMEOUT_MS } from "#app/features/alerts/policy.ts";
import type { SendResult } from "#app/features/alerts/channels/result.ts";

/**
 * The webhook: POST JSON `{event, kind, id, lang, created_at, url, text}`,
 * signed with HMAC-SHA256 of the raw body in `X-Signature: sha256=<hex>` when
 * ALERT_WEBHOOK_SECRET is set. `text` is one line, so a Slack, Mattermost or
 * Discord-compatible incoming webhook shows it as it is.
 */
function webhookBody(alert: Alert): string {
  const { event, kind, id, lang, created_at, url, text } = alert;
  return JSON.stringify({ event, kind, id, lang, created_at, url, text });
}

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export async function sendWebhook(target: { url: string; secret: string }, alert: Alert): Promise<SendResult> {
  const body = webhookBody(alert);
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "K-Loan-Guide-Alerts/1.0" };
  if (target.secret) headers["X-Signature"] = signature(target.secret, body);
  try {
    const response = await fetch(target.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? { ok: true } : { ok: false, reason: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, reason: networkReason(error) };
  }
}

/** A short reason for an operator (timeout, refused, DNS), never a stack. */
function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  if (!(error instanceof Error)) return "network: error";
  const cause = error.cause as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as { code?: string }).code ?? cause?.message ?? error.message;
  return `network: ${String(code).slice(0, 200)}`;
}
