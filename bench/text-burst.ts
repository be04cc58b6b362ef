import { randomUUID } from "node:crypto";
import type { FakeSolapi } from "#tests/support/fake-solapi.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";

/**
 * Issue 49: a burst of consultations, each with its own mobile number, all
 * sent at once to a server whose text channel talks to the fake SOLAPI; waits
 * until every status link has arrived (or `waitMs` passed) and says how many
 * came, how many twice, and the time from each request's start to the fake's
 * receipt (p50, p95).
 */
export async function textBurst(options: { base: string; fake: FakeSolapi; requests: number; waitMs?: number }) {
  const numbers = Array.from({ length: options.requests }, (_, i) => `0107${String(i).padStart(7, "0")}`);
  const started = new Map<string, number>();
  const answers = await Promise.all(
    numbers.map(async (phone) => {
      started.set(phone, Date.now());
      const response = await fetch(`${options.base}/svc/answer/create`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: options.base },
        body: JSON.stringify({ ...sampleConsultation({ submissionId: randomUUID(), phone }), agree_yn: "Y" }),
      });
      await response.body?.cancel();
      return response.status;
    }),
  );
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  const arrived = () => new Set(options.fake.messages.map((m) => m.to).filter((to) => started.has(to))).size;
  while (arrived() < numbers.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const byNumber = new Map<string, number[]>();
  for (const m of options.fake.messages) if (started.has(m.to)) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m.receivedAt]);
  const ms = [...byNumber].map(([to, at]) => Math.min(...at) - started.get(to)!).sort((a, b) => a - b);
  const pct = (p: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)]! : Infinity);
  return {
    expected: numbers.length,
    accepted: answers.filter((s) => s === 200).length,
    received: byNumber.size,
    twice: [...byNumber.values()].filter((at) => at.length > 1).length,
    p50Ms: pct(50),
    p95Ms: pct(95),
  };
}
