import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { findStatusLink, issueStatusToken, statusPath, statusUrl, TOKEN_PATTERN } from "#app/requests/status-link.server.ts";
import { linkExpiry } from "#app/requests/retention.ts";
import { statusPathOf } from "#app/requests/status-link.ts";

/** The private status link's token (ADR 0033): minted once per request, found only while the request is kept. */
describe.each(DIALECTS)("the status token on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  const secret = "status-link-test-secret-status-link-test";
  const received = new Date("2026-01-31T12:00:00.000Z");

  it("mints a 256-bit token once per request: asked again, the same token; another request, another", async () => {
    const first = await issueStatusToken(handle.db, secret, { kind: "proposal", id: 101, lang: "mn", now: received });
    expect(first).toMatch(TOKEN_PATTERN);
    expect(await issueStatusToken(handle.db, secret, { kind: "proposal", id: 101, lang: "mn", now: received })).toBe(first);
    expect(await issueStatusToken(handle.db, secret, { kind: "proposal", id: 102, lang: "mn", now: received })).not.toBe(first);
    expect(await issueStatusToken(handle.db, secret, { kind: "as", id: 101, lang: "mn", now: received })).not.toBe(first);
  });

  it("finds a live link by its token, and none once the request's retention period is over", async () => {
    const token = await issueStatusToken(handle.db, secret, { kind: "proposal", id: 201, lang: "id", now: received });
    expect(await findStatusLink(handle.db, token, received)).toMatchObject({ request_kind: "proposal", request_id: 201, lang: "id" });
    // A proposal is kept one month: 31 January → the last day of February.
    expect(linkExpiry("proposal", received)).toBe("2026-02-28T12:00:00.000Z");
    expect(await findStatusLink(handle.db, token, new Date("2026-02-28T11:59:59.000Z"))).not.toBeNull();
    expect(await findStatusLink(handle.db, token, new Date("2026-02-28T12:00:00.000Z"))).toBeNull();
  });

  it("answers any other text with no link, and never throws", async () => {
    await issueStatusToken(handle.db, secret, { kind: "consultation", id: 301, lang: "vi", now: received });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        expect(await findStatusLink(handle.db, text, received)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });
});

describe("the status link's path and URL", () => {
  it("carries the request's language, and reads back from an answer", () => {
    const token = "A".repeat(43);
    expect(statusPath(token, "my")).toBe(`/status/${token}?lang=my`);
    expect(statusUrl("https://loans.example", token, "vi")).toBe(`https://loans.example/status/${token}?lang=vi`);
    expect(statusPathOf({ status_url: statusUrl("https://loans.example", token, "vi") })).toBe(`/status/${token}?lang=vi`);
    expect(statusPathOf({ status_url: "https://evil.example/elsewhere" })).toBeNull();
    expect(statusPathOf("not an answer")).toBeNull();
  });
});
