import { data, type ActionFunctionArgs } from "react-router";
import { BadRequest } from "#app/lib/http.server.ts";
import type { FieldErrors } from "#app/lib/schema.ts";
import type { FailureReason, FormResult } from "#app/lib/form-result.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { isUnavailable, retryAfterOf } from "#app/web/refusals.ts";

/**
 * The one pipeline of a public form posted without JavaScript (or before it
 * loaded): the per-IP limit first (nothing is read from a client over it, and
 * its 429 always says when to retry), then the handler; a body that cannot be
 * read is a 400, the database away a 503 with Retry-After (logged once, by
 * the database's watch), anything unexpected a 503 (logged without personal
 * data).
 * Every form answers the same shape when it does not redirect.
 */
export type { FailureReason, FormResult } from "#app/lib/form-result.ts";

const STATUS: Record<FailureReason, number> = { rate_limited: 429, malformed: 400, server: 503, unavailable: 503 };

/** A failed post: with `retryAfter`, the seconds to wait go in the Retry-After header and the result (the form's message says them). */
export function formFailed(reason: FailureReason, options: { values?: Record<string, string>; retryAfter?: number } = {}) {
  const { values, retryAfter } = options;
  const result: FormResult = { status: "failed", reason, ...(values ? { values } : {}), ...(retryAfter ? { retryAfter } : {}) };
  return data<FormResult>(result, { status: STATUS[reason], headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });
}

/**
 * A form whose handler failed after reading what was typed: the form again
 * with `values`; 503 with Retry-After when the database is away, else a
 * failure logged as `event` (without personal data).
 */
export function formFailedBy(
  error: unknown,
  args: Pick<ActionFunctionArgs, "context">,
  event: string,
  { values, fields }: { values?: Record<string, string>; fields?: Record<string, string> } = {},
) {
  if (isUnavailable(error)) {
    return formFailed("unavailable", { values, retryAfter: retryAfterOf(error) });
  }
  services(args.context).log.error(event, { ...fields, requestId: args.context.get(requestContext).requestId }, error);
  return formFailed("server", { values });
}

export function formInvalid(errors: FieldErrors, values: Record<string, string>) {
  return data<FormResult>({ status: "invalid", errors, values }, { status: 400 });
}

/** Sent; with the request's private status page when it has one (issue 28), and which of a form's requests it was (issue 35). */
export function formSent(statusPath?: string, kind?: string) {
  return data<FormResult>({ status: "sent", ...(statusPath ? { statusPath } : {}), ...(kind ? { kind } : {}) });
}

/** What is echoed back of the typed values: the named fields only, each cut to `max` characters. */
export function echoValues(fields: Record<string, string>, names: readonly string[], max = 5000): Record<string, string> {
  return Object.fromEntries(names.map((k) => [k, (fields[k] ?? "").slice(0, max)]));
}

/** `T`: another answer a form's handler may give beside the shared shape (a step of proving a number, ADR 0049). */
export function formAction<T = FormResult>(
  bucket: string,
  handler: (args: ActionFunctionArgs) => Promise<Response | ReturnType<typeof data<FormResult>> | ReturnType<typeof data<T>>>,
) {
  return async (args: ActionFunctionArgs) => {
    const wait = await rateLimited(args, bucket);
    if (wait > 0) return formFailed("rate_limited", { retryAfter: wait });
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof BadRequest) return formFailed("malformed");
      return formFailedBy(error, args, "form.failed", { fields: { bucket } });
    }
  };
}
