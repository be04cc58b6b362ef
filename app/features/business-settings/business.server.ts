import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { immutableFile } from "#app/lib/http.server.ts";
import { IDENTITY_SECTION, businessIdentity } from "#app/business/identity.server.ts";
import { writeSection } from "#app/business/sections.server.ts";
import type { BusinessIdentity } from "#app/business/identity.ts";
import { identityFields } from "#app/features/business-settings/schema.ts";

/**
 * Saving the business's identity (issue 36, item 1): one transaction writes
 * the row, the audit lines (each changed field, before → after) and the
 * content version, so every instance drops its kept pages and shows the new
 * values within seconds. Nothing changed: nothing written.
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;

/** The audit log's record for the business's settings (one, so id 1). */
export const BUSINESS_RECORD = { kind: "business", id: 1 } as const;

export async function saveIdentity(db: Db, who: Who, identity: BusinessIdentity, now = new Date()): Promise<"saved" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const before = await businessIdentity(trx);
    const lines = describeChanges(auditFields(before), auditFields(identity));
    if (!lines.length) return "unchanged";
    await writeSection(trx, IDENTITY_SECTION, identity, now, who.operator.email);
    await auditChange(trx, who, "business_update", BUSINESS_RECORD, lines, now);
    await bumpContentVersion(trx, now);
    return "saved";
  });
}

function auditFields(identity: BusinessIdentity): Record<string, string> {
  return { ...identityFields(identity), certificate: identity.certificateUrl };
}

/** Where uploaded business files are served (routes/media.business.ts). */
export const BUSINESS_FILE_PREFIX = "/media/business/";
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A PDF as it is sent: starts with the `%PDF-` header and carries an
 * end-of-file marker near its end (a cut-off upload does not). Anything
 * else is refused; the bytes are kept as they are and served as a download
 * of type application/pdf only.
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 64) return false;
  const head = Buffer.from(bytes.subarray(0, 5)).toString("latin1");
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString("latin1");
  return head === "%PDF-" && tail.includes("%%EOF");
}

/** Keeps the certificate's bytes under the name of their hash and points the identity at it, in one transaction. */
export async function saveCertificate(db: Db, who: Who, bytes: Uint8Array, now = new Date()): Promise<"saved" | "unchanged"> {
  const name = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.pdf`;
  await db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom("business_files").select("name").where("name", "=", name).executeTakeFirst();
    if (!known) {
      await trx
        .insertInto("business_files")
        .values({ name, content_type: "application/pdf", data: bytes, created_at: now.toISOString() })
        .execute();
    }
  });
  const identity = await businessIdentity(db);
  return saveIdentity(db, who, { ...identity, certificateUrl: `${BUSINESS_FILE_PREFIX}${name}` }, now);
}

/** GET /media/business/:name: a kept file, immutable (its name is its hash), or 404. */
export async function businessFileResponse(db: Db, name: string | undefined): Promise<Response> {
  if (!name || !/^[0-9a-f]{32}\.pdf$/.test(name)) return new Response("Not Found", { status: 404 });
  const row = await db.selectFrom("business_files").select(["content_type", "data"]).where("name", "=", name).executeTakeFirst();
  if (!row) return new Response("Not Found", { status: 404 });
  return immutableFile(row.content_type, row.data, { "Content-Disposition": 'inline; filename="registration-certificate.pdf"' });
}
