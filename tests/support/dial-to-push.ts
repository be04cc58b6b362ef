import { connect } from "#db/connect.ts";
import { hashPassword } from "#app/features/console/password.server.ts";
import { createSession } from "#app/features/console/session-store.server.ts";
import { SESSION_COOKIE } from "#app/lib/cookie-names.ts";
import { subscribeVisitor } from "#app/features/visitor-news/visitor-push.server.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import type { startFakePushService } from "#tests/support/alert-receivers.ts";

/**
 * Issue 38, item 5: the visitor's "about to call" notification, from the
 * agent's tap to dial (the POST My calls sends) to its arrival at the push
 * service, through the real server, its outbox and worker. Each of
 * `requests` leads is a consultation posted as a visitor posts it, with a
 * phone subscribed on its status page and assigned to one agent; the taps
 * come one after another, as one agent's would. Every lead's visitor asked
 * to be called now, so the night's hold (21:00–08:00) does not delay a run
 * made at night.
 */
export interface DialToPushOptions {
  base: string;
  databaseUrl: string;
  push: Awaited<ReturnType<typeof startFakePushService>>;
  requests: number;
}

export interface DialToPushResult {
  expected: number;
  received: number;
  twice: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const WAIT_MS = 10_000;

export async function dialToPush(options: DialToPushOptions): Promise<DialToPushResult> {
  const { base, push, requests } = options;
  const handle = connect(options.databaseUrl);
  const { db } = handle;
  try {
    const now = new Date();
    const agent = await db
      .insertInto("admin_operators")
      .values({
        email: `bench-agent-${Date.now()}@example.com`,
        role: "agent",
        password_hash: await hashPassword("bench agent password", { N: 1024, r: 8, p: 1 }),
        // Two-step sign-in is every operator's by default (issue 52): this agent counts as having set it
        // up (its session is made here, not signed in), or the console sends it to My account first.
        totp_enabled_at: now.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = await createSession(db, agent.id, now);
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
    const page = await (await fetch(`${base}/admin/calls`, { headers: { cookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
    if (!csrf) throw new Error("bench: My calls gave no form token (not signed in?)");

    const leads: { id: number; path: string }[] = [];
    for (let i = 0; i < requests; i++) {
      const res = await fetch(`${base}/svc/answer/create`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(sampleConsultation({ submissionId: crypto.randomUUID(), phone: `0105555${String(1000 + i)}` })),
      });
      if (!res.ok) throw new Error(`bench: POST /svc/answer/create answered ${res.status}`);
      const row = await db.selectFrom("consultation_answers").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
      await db
        .updateTable("consultation_answers")
        .set({ assigned_operator_id: agent.id, next_call_at: now.toISOString(), next_call_asked: 1 })
        .where("id", "=", row.id)
        .execute();
      const link = await db
        .selectFrom("request_status_links")
        .select(["id", "request_kind", "request_id"])
        .where("request_kind", "=", "consultation")
        .where("request_id", "=", row.id)
        .executeTakeFirstOrThrow();
      const phone = push.subscribe();
      await subscribeVisitor(db, { ...link, request_kind: "consultation" }, { endpoint: phone.endpoint, ...phone.keys });
      leads.push({ id: row.id, path: new URL(phone.endpoint).pathname });
    }

    const ms: number[] = [];
    for (const lead of leads) {
      const tapped = Date.now();
      const res = await fetch(`${base}/admin/calls`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "dialing", id: String(lead.id), csrf }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`bench: the tap to dial answered ${res.status}`);
      const arrived = async () => push.received.find((r) => r.path === lead.path && r.payload);
      for (let waited = 0; !(await arrived()) && waited < WAIT_MS; waited += 5) await new Promise((r) => setTimeout(r, 5));
      const receipt = await arrived();
      ms.push(receipt ? receipt.at - tapped : Number.POSITIVE_INFINITY);
    }
    // Anything sent twice would have arrived by now.
    await new Promise((r) => setTimeout(r, 500));
    const paths = new Set(leads.map((l) => l.path));
    const mine = push.received.filter((r) => paths.has(r.path) && r.payload);
    ms.sort((a, b) => a - b);
    const pct = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)] ?? Number.NaN;
    return {
      expected: leads.length,
      received: new Set(mine.map((r) => r.path)).size,
      twice: mine.length - new Set(mine.map((r) => r.path)).size,
      p50Ms: pct(50),
      p95Ms: pct(95),
      maxMs: ms.at(-1) ?? Number.NaN,
    };
  } finally {
    await handle.close();
  }
}
