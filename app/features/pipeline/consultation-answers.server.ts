import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";

/** An expiry typed as YYYYMMDD reads better as YYYY-MM-DD. */
function readableDate(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;
}

/** The answers of consultations by their id, each as { question name: answer } (the detail page, the CSV export). */
export async function consultationAnswers(db: Kysely<Database>, ids: number[]): Promise<Map<number, Record<string, string>>> {
  const out = new Map<number, Record<string, string>>();
  const bySeq = new Map<number, string>(Object.entries(CONSULTATION_QUESTIONS).map(([name, seq]) => [seq, name]));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (!chunk.length) continue;
    const items = await db
      .selectFrom("consultation_answer_items")
      .select(["answer_id", "question_seq", "answer_content"])
      .where("answer_id", "in", chunk)
      .execute();
    for (const item of items) {
      const name = bySeq.get(Number(item.question_seq));
      if (!name) continue;
      const record = out.get(item.answer_id) ?? {};
      record[name] = name === "expiry" ? readableDate(item.answer_content) : item.answer_content;
      out.set(item.answer_id, record);
    }
  }
  return out;
}
