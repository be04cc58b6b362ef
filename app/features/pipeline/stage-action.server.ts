import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { validate } from "#app/lib/schema.ts";
import { isRequestStage, type RequestKind } from "#app/requests/kinds.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { moveStage } from "#app/features/pipeline/pipeline.server.ts";
import { moveInput, moveSchema } from "#app/features/pipeline/stages.ts";
import type { StageFormResult } from "#app/features/pipeline/StageParts.tsx";

/**
 * The detail page's "move" form: read with the one move schema, refused
 * with the fields' messages (and the values kept) when a field is wrong,
 * then moved; nothing changes unless everything is right.
 */
export async function moveStageAction(
  db: Kysely<Database>,
  who: SignedIn,
  kind: RequestKind,
  id: number,
  form: URLSearchParams,
  now = new Date(),
): Promise<StageFormResult> {
  const input = moveInput(form);
  const from = form.get("from");
  if (!isRequestStage(from)) return { ok: false, error: "invalid", values: input };
  const parsed = validate(moveSchema, input);
  if (!parsed.success) return { ok: false, error: "invalid", fields: parsed.errors, values: input };
  const moved = await moveStage(db, who, kind, id, from, parsed.output, now);
  if (moved.ok) return { ok: true, to: parsed.output.to };
  return {
    ok: false,
    error: moved.error,
    values: input,
    fields:
      moved.error === "reason"
        ? { reason: "pipeline.error.reasonRequired" }
        : moved.error === "consent"
          ? { lender: "pipeline.error.consentLender" }
          : undefined,
  };
}
