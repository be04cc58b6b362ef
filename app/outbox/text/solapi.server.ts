import { createHmac, randomBytes } from "node:crypto";
import { SEND_TIMEOUT_MS } from "#app/outbox/policy.ts";
import { networkReason } from "#app/outbox/channels/webhook.server.ts";
import {
  maskedReason,
  type AlimtalkMessage,
  type DeliveryReport,
  type ProviderResult,
  type SmsMessage,
  type TextProvider,
} from "#app/outbox/text/provider.ts";

/**
 * SOLAPI (https://solapi.com) through its REST API v4 (docs.solapi.com):
 * - every request signed: `Authorization: HMAC-SHA256 apiKey=<key>,
 *   date=<ISO 8601>, salt=<random 12–64 bytes>, signature=<hex HMAC-SHA256 of
 *   date+salt under the API secret>`; a signature is used once (a fresh salt
 *   each time), and the date must be within 15 minutes of SOLAPI's clock;
 * - `POST /messages/v4/send-many/detail` with `{messages: [...]}`: type "ATA"
 *   (알림톡) with `kakaoOptions {pfId, templateId, variables, disableSms}`, or
 *   "SMS"/"LMS"; the answer lists `messageList` (accepted, with `messageId`)
 *   and `failedMessageList` (refused, with `statusCode`/`statusMessage`);
 * - `GET /messages/v4/list?criteria=messageId&cond=eq&value=<id>`: a message's
 *   `statusCode` (4000 received by the phone; 2000/3000 on its way; any other
 *   code a failure).
 * Our own fallback decides SMS after a refused 알림톡, so SOLAPI's is off
 * (`disableSms: true`): one place decides, and the SMS text is ours (KS X 1001).
 *
 * Prices (won, list prices used for the reports' estimate; the invoice is the
 * provider's): 알림톡 13, SMS 20, LMS 50.
 */
export const SOLAPI_ORIGIN = "https://api.solapi.com";
export const SEND_PATH = "/messages/v4/send-many/detail";
export const LIST_PATH = "/messages/v4/list";
export const PRICE_WON = { ATA: 13, SMS: 20, LMS: 50 } as const;

export interface SolapiSettings {
  apiKey: string;
  apiSecret: string;
  /** Tests and development: the local fake (tests/support/fake-solapi.ts). */
  baseUrl?: string;
}

/** The Authorization header of one request. */
export function solapiAuthorization(
  apiKey: string,
  apiSecret: string,
  date = new Date().toISOString(),
  salt = randomBytes(16).toString("hex"),
): string {
  const signature = createHmac("sha256", apiSecret)
    .update(date + salt)
    .digest("hex");
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

interface SendAnswer {
  messageList?: { messageId?: string; statusCode?: string }[];
  failedMessageList?: { statusCode?: string; statusMessage?: string }[];
  errorCode?: string;
  errorMessage?: string;
}

export function createSolapi(settings: SolapiSettings): TextProvider {
  const origin = (settings.baseUrl || SOLAPI_ORIGIN).replace(/\/$/, "");
  const headers = () => ({
    Authorization: solapiAuthorization(settings.apiKey, settings.apiSecret),
    "Content-Type": "application/json",
  });

  async function send(message: Record<string, unknown>, price: number): Promise<ProviderResult> {
    let response: Response;
    try {
      response = await fetch(origin + SEND_PATH, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ messages: [message] }),
        redirect: "manual",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, reason: `SOLAPI ${networkReason(error)}`, retry: true };
    }
    const answer = (await response.json().catch(() => ({}))) as SendAnswer;
    if (response.status >= 500 || response.status === 429) return { ok: false, reason: `SOLAPI HTTP ${response.status}`, retry: true };
    if (!response.ok)
      return {
        ok: false,
        reason: maskedReason(`SOLAPI HTTP ${response.status} ${answer.errorCode ?? ""} ${answer.errorMessage ?? ""}`.trim()),
        retry: false,
      };
    const failed = answer.failedMessageList?.[0];
    if (failed)
      return { ok: false, reason: maskedReason(`SOLAPI ${failed.statusCode ?? "?"} ${failed.statusMessage ?? ""}`.trim()), retry: false };
    const ref = answer.messageList?.[0]?.messageId;
    if (!ref) return { ok: false, reason: "SOLAPI: no message id in the answer", retry: true };
    return { ok: true, ref, costWon: price };
  }

  return {
    name: "solapi",
    sendAlimtalk: (m: AlimtalkMessage) =>
      send(
        {
          to: m.to,
          from: m.from,
          type: "ATA",
          text: m.text,
          kakaoOptions: { pfId: m.channelId, templateId: m.templateId, variables: m.variables, disableSms: true },
        },
        PRICE_WON.ATA,
      ),
    sendSms: (m: SmsMessage) => send({ to: m.to, from: m.from, type: m.type, text: m.text }, PRICE_WON[m.type]),
    async reports(refs) {
      const out: DeliveryReport[] = [];
      for (const ref of refs) {
        const query = new URLSearchParams({ criteria: "messageId", cond: "eq", value: ref });
        try {
          const response = await fetch(`${origin}${LIST_PATH}?${query}`, {
            headers: headers(),
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          if (!response.ok) continue;
          const answer = (await response.json()) as {
            messageList?: Record<
              string,
              { statusCode?: string; dateReceived?: string | null; dateReported?: string | null; reason?: string | null }
            >;
          };
          const message = answer.messageList?.[ref];
          if (!message?.statusCode) continue;
          const code = message.statusCode;
          const status = code === "4000" ? "delivered" : code === "2000" || code === "3000" ? "pending" : "failed";
          out.push({
            ref,
            status,
            at: message.dateReceived ?? message.dateReported ?? null,
            ...(status === "failed" ? { reason: maskedReason(`SOLAPI ${code} ${message.reason ?? ""}`.trim()) } : {}),
          });
        } catch {
          // Away for now: asked again on the next round.
        }
      }
      return out;
    },
  };
}
