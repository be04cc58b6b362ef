import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET, testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, post, signInCookie } from "#tests/support/admin.ts";
import { mailParts, startSmtpServer } from "#tests/support/alert-receivers.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createOutbox } from "#app/outbox/outbox.server.ts";
import { deliverDue } from "#app/outbox/worker.server.ts";
import { registerLinkMail } from "#app/features/operators/link-mail.server.ts";
import * as operatorsRoute from "#app/routes/admin.operators.tsx";

/**
 * Issue 29, point 4 (ADR 0022): with SMTP configured, an invitation or a
 * password reset also sends the one-time link to the operator's address, in
 * the console's language of the administrator, through an outbox (the link
 * sealed until sent), so a mail outage loses nothing; the mail carries the
 * link and nothing else personal. Without SMTP the link is only shown, as
 * before. Against the in-process SMTP server of the alert tests. Since ADR
 * 0048 the rows are the one outbox's (channel "link_mail"), delivered by its
 * worker's rounds (`deliverDue`).
 */
const PASSWORD = "correct horse battery";
const FROM = "K-Loan Guide <alerts@localhost.invalid>";

describe.each(DIALECTS)("invitation and reset links by e-mail on %s", (dialect) => {
  let handle: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let cookie: string;
  let csrf: string;
  const kicks: number[] = [];
  const withSmtp = () => testServices(handle.db, { linkMail: { kick: () => kicks.push(1) } });
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    smtp = await startSmtpServer();
    await createOperator(handle.db, "boss@example.com", PASSWORD);
    cookie = await signInCookie(testServices(handle.db), "boss@example.com", PASSWORD);
    csrf = await csrfOf(testServices(handle.db), cookie);
  }, 30_000);
  afterAll(async () => {
    await smtp.close();
    await handle.cleanup();
  });

  const act = async (fields: Record<string, string>, lang: "ko" | "en", app = withSmtp()) => {
    const response = await callRoute(
      operatorsRoute,
      "guarded",
      post("/admin/operators", { csrf, ...fields }, `${cookie}; admin_lang=${lang}`),
      app,
    );
    return (await response.json()) as { link: string; mailed?: boolean; id: number };
  };
  const deliver = async (smtpUrl = smtp.url, now = new Date()) => {
    const outbox = createOutbox(handle.db, silentLogger);
    registerLinkMail(outbox, { smtpUrl, from: FROM }, TEST_APP_SECRET);
    try {
      return await deliverDue({ db: handle.db, deliver: outbox.deliver, log: silentLogger, now });
    } finally {
      await outbox.stop();
    }
  };
  const rows = () => handle.db.selectFrom("alert_deliveries").selectAll().where("channel", "=", "link_mail").orderBy("id").execute();

  it("sends an invitation's link in the console's language, the link and nothing else personal; the link stays on the page", async () => {
    const result = await act({ intent: "invite", email: "new.agent@example.com", role: "agent" }, "en");
    expect(result.mailed).toBe(true);
    expect(result.link).toMatch(/\/admin\/password\/[\w-]+$/);
    expect(kicks.length).toBeGreaterThan(0);
    // Queued with the link sealed: the outbox alone gives no link.
    const [queued] = await rows();
    expect(queued!.payload).toMatch(/^invite sealed:/);
    expect(queued!.payload).not.toContain(result.link.split("/").at(-1));

    expect(await deliver()).toBe(1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual(["new.agent@example.com"]);
    const { subject, parts } = mailParts(mail.raw);
    expect(subject).toBe("Your invitation to the operator console");
    expect(parts["text/plain"]).toContain(result.link);
    expect(parts["text/html"]).toBeUndefined();
    // Nothing personal in the body: not the address, not the role, not the administrator.
    expect(parts["text/plain"]).not.toMatch(/new\.agent|boss@|agent\b/i);
    // Sent: the link leaves the database.
    expect((await rows()).at(-1)).toMatchObject({ payload: null, status: "delivered", delivered_at: expect.any(String), attempts: 1 });
    expect(await deliver()).toBe(0);
  });

  it("sends a reset's link in Korean when the administrator's console is in Korean", async () => {
    const { id } = await act({ intent: "invite", email: "reset.me@example.com", role: "agent" }, "ko", testServices(handle.db));
    const result = await act({ intent: "reset", id: String(id) }, "ko");
    expect(result.mailed).toBe(true);
    expect(await deliver()).toBe(1);
    const { subject, parts } = mailParts(smtp.messages.at(-1)!.raw);
    expect(subject).toBe("운영자 콘솔 비밀번호 재설정");
    expect(parts["text/plain"]).toContain(result.link);
  });

  it("loses nothing in a mail outage: the row waits and goes once the server is back", async () => {
    const result = await act({ intent: "invite", email: "outage@example.com", role: "agent" }, "en");
    const before = smtp.messages.length;
    expect(await deliver("smtp://127.0.0.1:1")).toBe(0);
    const waiting = (await rows()).at(-1)!;
    expect(waiting).toMatchObject({ status: "pending", delivered_at: null, attempts: 1 });
    expect(waiting.payload).toMatch(/^invite sealed:/);
    // Not before its retry time…
    expect(await deliver()).toBe(0);
    // …then once.
    expect(await deliver(smtp.url, new Date(Date.now() + 60_000))).toBe(1);
    expect(smtp.messages.length).toBe(before + 1);
    expect(mailParts(smtp.messages.at(-1)!.raw).parts["text/plain"]).toContain(result.link);
  });

  it("without SMTP, shows the link only, as before", async () => {
    const count = (await rows()).length;
    const result = await act({ intent: "invite", email: "no.smtp@example.com", role: "agent" }, "en", testServices(handle.db));
    expect(result.mailed).toBe(false);
    expect(result.link).toMatch(/\/admin\/password\//);
    expect(await rows()).toHaveLength(count);
  });
});
