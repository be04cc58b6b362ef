import { randomUUID } from "node:crypto";
import type { FakeSolapi } from "#tests/support/fake-solapi.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";

/**
 * Issue 49: a burst of consultations, each with its own mobile number, all
 * sent at once to a server whose text channel talks to the fake SOLAPI; waits
 * until every status link has arrived (or `waitMs` passed) and says how many
 * came, how many twice, the time from each request's start to the fake's
 * receipt (p50, p95), and its two parts: the request's own answer under the
 * burst, and from that answer (the text queued and committed) to the receipt.
 */
export async function textBurst(options: { base: string; fake: FakeSolapi; requests: number; waitMs?: number }) {
  const numbers = Array.from({ length: options.requests }, (_, i) => `0107${String(i).padStart(7, "0")}`);
  const started = new Map<string, number>();
  const answered: number[] = [];
  const answeredAt = new Map<string, number>();
  const answers = await Promise.all(
    numbers.map(async (phone) => {
      started.set(phone, Date.now());
      const response = await fetch(`${options.base}/svc/answer/create`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: options.base },
        body: JSON.stringify({ ...sampleConsultation({ submissionId: randomUUID(), phone }), agree_yn: "Y" }),
      });
      await response.body?.cancel();
      answeredAt.set(phone, Date.now());
      answered.push(answeredAt.get(phone)! - started.get(phone)!);
      return response.status;
    }),
  );
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  const arrived = () => new Set(options.fake.messages.map((m) => m.to).filter((to) => started.has(to))).size;
  while (arrived() < numbers.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const byNumber = new Map<string, number[]>();
  for (const m of options.fake.messages) if (started.has(m.to)) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m.receivedAt]);
  const ms = [...byNumber].map(([to, at]) => Math.min(...at) - started.get(to)!).sort((a, b) => a - b);
  const pctOf = (list: number[], p: number) =>
    list.length ? list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]! : Infinity;
  const pct = (p: number) => pctOf(ms, p);
  answered.sort((a, b) => a - b);
  const afterAnswer = [...byNumber].map(([to, at]) => Math.max(0, Math.min(...at) - answeredAt.get(to)!)).sort((a, b) => a - b);
  return {
    expected: numbers.length,
    accepted: answers.filter((s) => s === 200).length,
    received: byNumber.size,
    twice: [...byNumber.values()].filter((at) => at.length > 1).length,
    p50Ms: pct(50),
    p95Ms: pct(95),
    /** The requests' own answers in the burst (the part of the time before the text is queued). */
    answerP50Ms: pctOf(answered, 50),
    answerP95Ms: pctOf(answered, 95),
    /** From each request's answer (its transaction committed, the text queued) to the provider's receipt. */
    afterAnswerP50Ms: pctOf(afterAnswer, 50),
    afterAnswerP95Ms: pctOf(afterAnswer, 95),
  };
}
