import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { validate } from "#app/lib/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { logCall } from "#app/features/pipeline/calls.server.ts";
import { callInput, callSchema } from "#app/features/pipeline/calls.ts";
import type { CallFormResult } from "#app/features/pipeline/CallParts.tsx";

/** The "Log a call" form (request detail and My calls): read with the one schema, then logged, or refused with the fields' messages. */
export async function logCallAction(
  db: Kysely<Database>,
  who: SignedIn,
  id: number,
  form: URLSearchParams,
  now = new Date(),
): Promise<CallFormResult> {
  const input = callInput(form);
  const parsed = validate(callSchema, input);
  if (!parsed.success) return { ok: false, error: "invalid", fields: parsed.errors, values: input };
  const logged = await logCall(db, who, id, parsed.output, now);
  if (logged.ok) return logged;
  return {
    ok: false,
    error: logged.error,
    values: input,
    fields: logged.error === "callbackPast" ? { callbackAt: "calls.error.callbackPast" } : undefined,
  };
}
