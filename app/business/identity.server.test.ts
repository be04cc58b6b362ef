import { describe, expect, it } from "vitest";
import { connect, migrate } from "#db/connect.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { businessIdentityOrLast, readIdentity } from "#app/business/identity.server.ts";
import { writeSection } from "#app/business/sections.server.ts";

/** Reading the stored identity (issue 36): tolerant of old documents, and still there while the database is away. */
describe("the stored identity", () => {
  it("takes each field of the right type and falls back to the sample's for any other", () => {
    expect(readIdentity("not json")).toEqual(SAMPLE_IDENTITY);
    const read = readIdentity(JSON.stringify({ phone: "1577-1234", lat: "37", registrations: [{ kind: "nope" }], extra: 1 }));
    expect(read).toEqual({ ...SAMPLE_IDENTITY, phone: "1577-1234", registrations: [] });
  });

  it("falls back to the last identity read only while the database is away, never for another failure", async () => {
    const handle = connect("file::memory:");
    await migrate(handle.db);
    await expect(businessIdentityOrLast(handle.db)).resolves.toEqual(SAMPLE_IDENTITY);
    await writeSection(handle.db, "identity", { ...SAMPLE_IDENTITY, phone: "1577-1234" }, new Date(), null);
    expect((await businessIdentityOrLast(handle.db)).phone).toBe("1577-1234");
    // A closed handle is a bug, not an outage (app/lib/last-known.server.test.ts covers the outage itself).
    await handle.close();
    await expect(businessIdentityOrLast(handle.db)).rejects.toThrow();
  });
});
