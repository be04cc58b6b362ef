import type { ActionFunctionArgs } from "react-router";
import { tFor } from "#app/i18n/route.server.ts";
import { BadRequest, readJson } from "#app/lib/http.server.ts";
import { HONEYPOT_FIELD, isSpam } from "#app/lib/honeypot.ts";
import { validate, v } from "#app/lib/schema.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import type { FieldErrors } from "#app/lib/schema.ts";
import { isUnavailable, retryAfterOf } from "#app/web/refusals.ts";

/**
 * The `/svc/*` JSON envelope (engineering.md, "The API contract"):
 * 200 `{res_status: 200, data}`; 400 `{res_status: 400, message, errors}`;
 * 429 with Retry-After; messages in the request's language.
 */
export function svcOk<T>(payload: T): Response {
  return Response.json({ res_status: 200, data: payload }, { status: 200, headers: { "Cache-Control": "no-store" } });
}

export function svcError(status: number, message: string, errors: FieldErrors = {}, headers?: HeadersInit): Response {
  return Response.json({ res_status: status, message, errors }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

type Translate = ReturnType<typeof tFor>;

/** Turns schema message keys into messages of the request's language. */
export function translateErrors(t: Translate, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, t(key)]));
}

function badRequestResponse(t: Translate, error: BadRequest): Response {
  return svcError(400, t(`api.${error.code}`), translateErrors(t, error.errors));
}

/** Seconds to wait when this client is over the limit for `bucket`, else 0. */
export function rateLimited(args: Pick<ActionFunctionArgs, "context">, bucket: string): Promise<number> {
  const { limiter } = services(args.context);
  return limiter.hit(bucket, args.context.get(requestContext).clientIp);
}

/**
 * Wraps a `/svc/*` handler: POST only, per-IP limit, every BadRequest → 400,
 * the database away → 503 with Retry-After (the watch logs the outage once),
 * an unexpected error → 500 with no detail (and logged without personal data).
 */
export function svcAction(bucket: string, handler: (args: ActionFunctionArgs, t: Translate) => Promise<Response>) {
  return async (args: ActionFunctionArgs): Promise<Response> => {
    const t = tFor(args.context);
    if (args.request.method !== "POST") {
      return svcError(405, t("api.method"), {}, { Allow: "POST" });
    }
    const wait = await rateLimited(args, bucket);
    if (wait > 0) return svcError(429, t("api.rate_limited", { count: wait }), {}, { "Retry-After": String(wait) });
    try {
      return await handler(args, t);
    } catch (error) {
      if (error instanceof BadRequest) return badRequestResponse(t, error);
      if (isUnavailable(error)) {
        const wait = retryAfterOf(error);
        return svcError(503, t("api.unavailable", { count: wait }), {}, { "Retry-After": String(wait) });
      }
      services(args.context).log.error("svc.failed", { bucket, requestId: args.context.get(requestContext).requestId }, error);
      return svcError(500, t("api.server"));
    }
  };
}

/** A JSON body whose hidden honeypot field is filled: a bot, answered as if accepted and not stored. */
export function isSpamPayload(body: unknown): boolean {
  return !!body && typeof body === "object" && isSpam((body as Record<string, unknown>)[HONEYPOT_FIELD]);
}

/**
 * The one pipeline of a JSON `/svc` body: read within `limit` (else 400),
 * a bot's body answered as accepted (null: store nothing), validated by the
 * payload's schema (else 400 with field errors, renamed by `errorKeys` when
 * the API's names differ from the schema's).
 */
export async function svcPayload<S extends v.GenericSchema>(
  request: Request,
  schema: S,
  options: SvcPayloadOptions,
): Promise<v.InferOutput<S> | null> {
  return (await svcBody(request, schema, options))?.output ?? null;
}

interface SvcPayloadOptions {
  limit: number;
  crossField?: boolean;
  errorKeys?: (errors: FieldErrors) => FieldErrors;
}

/** `svcPayload`, with the body as it was sent too (for what the schema does not keep, such as its `source`, issue 28). */
export async function svcBody<S extends v.GenericSchema>(
  request: Request,
  schema: S,
  options: SvcPayloadOptions,
): Promise<{ output: v.InferOutput<S>; body: unknown } | null> {
  const body = await readJson(request, options.limit);
  if (isSpamPayload(body)) return null;
  const result = validate(schema, body, { crossField: options.crossField });
  if (!result.success) throw new BadRequest("invalid", options.errorKeys ? options.errorKeys(result.errors) : result.errors);
  return { output: result.output, body };
}

/** GET on a `/svc/*` path: the API is POST only. */
export function svcMethodNotAllowed({ context }: Pick<ActionFunctionArgs, "context">) {
  return svcError(405, tFor(context)("api.method"), {}, { Allow: "POST" });
}
