import { expect } from "vitest";
import { callRoute, csrfOf, get } from "#tests/support/admin.ts";
import { callAction, jsonRequest, testContext, type TestServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import * as downloadsPage from "#app/routes/admin.downloads.tsx";
import * as exportFile from "#app/routes/admin.export.ts";
import { openAesZip } from "#app/lib/aes-zip.server.ts";
import { exportColumns } from "#app/features/pipeline/export.server.ts";
import type { RequestKind } from "#app/requests/kinds.ts";

/**
 * An export as an administrator makes it (issue 52, ADR 0054): the export
 * page's post with a reason and the columns (every column unless told), then
 * the one download of the encrypted ZIP, opened with the password the page
 * showed. Answers the CSV, the file's name, the password and the ZIP.
 */
export async function exportAsFile(
  app: TestServices,
  cookie: string,
  fields: { kind: RequestKind; from?: string; to?: string; columns?: string[]; reason?: string; approval?: string },
): Promise<{ csv: string; filename: string; password: string; zip: Uint8Array; contentDisposition: string | null }> {
  const csrf = await csrfOf(app, cookie.split(";")[0]!);
  const body = new URLSearchParams({
    csrf,
    intent: "export",
    kind: fields.kind,
    from: fields.from ?? "",
    to: fields.to ?? "",
    reason: fields.reason ?? "Monthly lender report, checked by the office",
  });
  if (fields.approval) body.set("approval", fields.approval);
  for (const column of fields.columns ?? exportColumns(fields.kind)) body.append("column", column);
  const request = new Request("http://localhost/admin/downloads", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie },
    body: body.toString(),
  });
  const response = await callRoute(downloadsPage, "guarded", request, app);
  expect(response.status).toBe(200);
  const result = (await response.json()) as { sealed: { href: string; filename: string; password: string } };
  expect(result.sealed).toBeDefined();
  const file = await callRoute(exportFile, "open", get(result.sealed.href, cookie), app);
  expect(file.status).toBe(200);
  const zip = new Uint8Array(await file.arrayBuffer());
  const [entry] = openAesZip(zip, result.sealed.password);
  return {
    csv: new TextDecoder("utf-8", { ignoreBOM: true }).decode(entry!.data as Uint8Array),
    filename: result.sealed.filename,
    password: result.sealed.password,
    zip,
    contentDisposition: file.headers.get("content-disposition"),
  };
}

/** A console form post with repeated fields (checkboxes), as the browser sends it, through the guarded layout. */
export async function postConsoleForm(
  module: Parameters<typeof callRoute>[0],
  path: string,
  app: TestServices,
  cookie: string,
  fields: Record<string, string | string[]>,
): Promise<Response> {
  const body = new URLSearchParams({ csrf: await csrfOf(app, cookie.split(";")[0]!) });
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie },
    body: body.toString(),
  });
  return callRoute(module, "guarded", request, app);
}

/** `n` consultations sent through the API, with a made-up name and number each. */
export async function sendConsultations(
  app: TestServices,
  prefix: string,
  n: number,
  name: (i: number) => string,
  phone: (i: number) => string,
) {
  const context = testContext(app, "en");
  for (let i = 0; i < n; i++) {
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: `${prefix}-${i}`, name: name(i), phone: phone(i) })),
      context,
    );
    expect(res.status).toBe(200);
  }
}
