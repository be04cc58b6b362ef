import { data, type ActionFunctionArgs } from "react-router";
import { BadRequest, formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { isUnavailable, retryAfterOf } from "#app/web/refusals.ts";

/** What a page that proves a number answers when something outside its steps fails. */
export type ProofFailure = { failed: "rate_limited" | "malformed" | "unavailable" | "server"; retryAfter?: number };

function failed(reason: ProofFailure["failed"], status: number, retryAfter?: number) {
  return data<ProofFailure>(
    { failed: reason, ...(retryAfter ? { retryAfter } : {}) },
    { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
  );
}

/**
 * The pipeline of a page that proves a number, with or without JavaScript:
 * the per-address limit of every form first, the body read as a small form,
 * then the handler; 400 for a body that cannot be read, 503 with Retry-After
 * when the database is away, and an unexpected failure logged without the
 * number.
 */
export function proofAction<T>(bucket: string, handler: (args: ActionFunctionArgs, form: Record<string, string>) => Promise<T>) {
  return async (args: ActionFunctionArgs) => {
    const wait = await rateLimited(args, bucket);
    if (wait > 0) return failed("rate_limited", 429, wait);
    try {
      return await handler(args, formObject(await readUrlEncoded(args.request, 4 * 1024)));
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof BadRequest) return failed("malformed", 400);
      if (isUnavailable(error)) return failed("unavailable", 503, retryAfterOf(error));
      services(args.context).log.error("proof.failed", { bucket, requestId: args.context.get(requestContext).requestId }, error);
      return failed("server", 503);
    }
  };
}
