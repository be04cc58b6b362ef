import { data, type ActionFunctionArgs } from "react-router";
import { BadRequest, formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import {
  answerConsent,
  consentFields,
  consentIdOf,
  withdrawConsent,
  rescheduleCall,
  withdrawRequest,
  type ActionOutcome,
} from "#app/features/request-status/actions.server.ts";
import { STATUS_HEADERS, statusGuessingWait } from "#app/features/request-status/page.server.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";
import { PUSH_SUBSCRIBE, PUSH_UNSUBSCRIBE } from "#app/features/visitor-news/visitor-push.ts";
import { pushAction, type PushOutcome } from "#app/features/request-status/push.server.ts";
import { CONSENT_WITHDRAW } from "#app/features/pipeline/lender-consent.ts";

/** The visitor's actions are limited on their own, apart from looking. */
export const STATUS_ACTION_BUCKET = "request-status-action";
const BODY_LIMIT = 2 * 1024;

/** `rate_limited` carries the seconds to wait (also its Retry-After): the page says them beside the form. */
export type StatusResult = ActionOutcome | PushOutcome | { error: "rate_limited"; retryAfter: number } | { error: "malformed" };

/** The consent's answer, or a 400 when its fields are not a question's number and "given" or "refused". */
async function consentAnswer(store: Parameters<typeof answerConsent>[0], token: string, form: Record<string, string>) {
  const fields = consentFields(form);
  return fields ? answerConsent(store, token, fields.id, fields.answer) : ({ error: "malformed" } as const);
}

/** The consent to withdraw (its number), or a 400 when `consent` is not one. */
async function consentWithdrawal(store: Parameters<typeof withdrawConsent>[0], token: string, form: Record<string, string>) {
  const id = consentIdOf(form);
  return id ? withdrawConsent(store, token, id) : ({ error: "malformed" } as const);
}

const answer = (result: StatusResult, status = 200, headers: Record<string, string> = {}) =>
  data<StatusResult>(result, { status, headers: { ...STATUS_HEADERS, ...headers } });

/**
 * The status page's form posts, with or without JavaScript: `intent` is
 * `reschedule` (with `slot`), `consent` (with `consent`, the question's number, and `answer`, given or refused: issue 52),
 * `consent_withdraw` (with `consent`, a given consent's number: 개인정보 보호법 제37조) or `withdraw` (a second post with `confirm=yes`
 * after the confirmation step), or `push_subscribe` / `push_unsubscribe` (the
 * phone's notifications, issue 38: posted by the button's script). A gone link is the same 404 as the page's.
 *
 * Refused (issue 51) from an address that has spent the page's guard against
 * guessed links, before any lookup as the page is, and over the actions' own
 * limit: 429 with Retry-After and the seconds in the result, never a 200 (the
 * action's status is the document's, whatever its loader then throws).
 */
export async function statusAction({ request, params, context }: ActionFunctionArgs) {
  const app = services(context);
  const wait = (await statusGuessingWait(context)) || (await rateLimited({ context }, STATUS_ACTION_BUCKET));
  if (wait > 0) {
    const retryAfter = Math.max(1, Math.ceil(wait));
    return answer({ error: "rate_limited", retryAfter }, 429, { "Retry-After": String(retryAfter) });
  }
  let form: Record<string, string>;
  try {
    form = formObject(await readUrlEncoded(request, BODY_LIMIT));
  } catch (error) {
    if (error instanceof BadRequest) return answer({ error: "malformed" }, 400);
    throw error;
  }
  const token = params.token ?? "";
  try {
    const result =
      form.intent === "reschedule"
        ? await rescheduleCall(requestStore(context), token, form.slot ?? "")
        : form.intent === "withdraw"
          ? await withdrawRequest(requestStore(context), token, form.confirm === "yes")
          : form.intent === "consent"
            ? await consentAnswer(requestStore(context), token, form)
            : form.intent === CONSENT_WITHDRAW
              ? await consentWithdrawal(requestStore(context), token, form)
              : form.intent === PUSH_SUBSCRIBE || form.intent === PUSH_UNSUBSCRIBE
                ? await pushAction(app.db, token, form.intent, form)
                : ({ error: "malformed" } as const);
    const status =
      "error" in result ? { gone: 404, closed: 409, slot: 400, malformed: 400, confirm: 200, consent: 409 }[result.error] : 200;
    return answer(result, status);
  } catch (error) {
    app.log.error("status.action_failed", { requestId: context.get(requestContext).requestId }, error);
    throw error;
  }
}
