import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RequestKind } from "#app/requests/kinds.ts";
import { REQUEST_TABLES } from "#app/requests/tables.server.ts";

/** A request's operator note and its first opening (its stages: pipeline.server.ts). */
export const NOTE_MAX = 2000;

type Db = Kysely<Database>;

/** The first time any operator opens a request (the inbox's unread marker, the response-time figure). */
export async function markOpened(db: Db, kind: RequestKind, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable(REQUEST_TABLES[kind])
    .set({ first_opened_at: now.toISOString() })
    .where("id", "=", id)
    .where("first_opened_at", "is", null)
    .execute();
}

/** Keeps the operator's note. False when the request does not exist. */
export async function saveNote(db: Db, kind: RequestKind, id: number, note: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable(REQUEST_TABLES[kind])
    .set({ operator_note: note.slice(0, NOTE_MAX), updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
