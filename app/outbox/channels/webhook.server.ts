import { createHmac } from "node:crypto";
import { SEND_TIMEOUT_MS } from "#app/outbox/policy.ts";
import type { SendResult } from "#app/outbox/result.ts";

/**
 * A webhook: POST a JSON body (the caller's), signed with HMAC-SHA256 of the
 * raw body in `X-Signature: sha256=<hex>` when the target has a secret.
 */

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export async function sendWebhook(target: { url: string; secret: string }, message: Record<string, unknown>): Promise<SendResult> {
  const body = JSON.stringify(message);
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
export function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  if (!(error instanceof Error)) return "network: error";
  const cause = error.cause as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as { code?: string }).code ?? cause?.message ?? error.message;
  return `network: ${String(code).slice(0, 200)}`;
}
