import { data, type RouterContextProvider } from "react-router";
import { validate } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, positiveId } from "#app/features/console/console.server.ts";
import { closureSchema, hoursFields, hoursSchema } from "#app/features/business-calendar/schema.ts";
import { addClosure, removeClosure, saveHours } from "#app/features/business-calendar/calendar.server.ts";
import type { CalendarResult } from "#app/features/business-calendar/CalendarPage.tsx";

/**
 * POST /admin/calendar (the route checks the role): save the hours, add a
 * closure, remove one. Bad input answers 400 with each field's message and
 * the values sent, and changes nothing; a malformed request is a 400 too.
 */
export async function calendarAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { form, who } = await consoleForm(request, context, 8 * 1024);
  const { db } = services(context);
  const intent = form.get("intent");
  if (intent === "hours") {
    const fields = hoursFields(form);
    const checked = validate(hoursSchema, fields, { crossField: true });
    if (!checked.success) return data<CalendarResult>({ form: "hours", errors: checked.errors, values: fields }, { status: 400 });
    await saveHours(db, who, checked.output);
    return data<CalendarResult>({ ok: "hours" });
  }
  if (intent === "close") {
    const fields = { day: form.get("day") ?? "", note: form.get("note") ?? "" };
    const values = { day: fields.day.slice(0, 10), note: fields.note.slice(0, 400) };
    const checked = validate(closureSchema, fields);
    if (!checked.success) return data<CalendarResult>({ form: "closure", errors: checked.errors, values }, { status: 400 });
    const problem = await addClosure(db, who, checked.output);
    if (problem) {
      return data<CalendarResult>({ form: "closure", errors: { day: `calendar.error.${problem}` }, values }, { status: 400 });
    }
    return data<CalendarResult>({ ok: "closed" });
  }
  if (intent === "reopen") {
    const id = positiveId(form.get("id"));
    if (id && (await removeClosure(db, who, id))) return data<CalendarResult>({ ok: "reopened" });
    return data<CalendarResult>({ error: "missing" }, { status: 400 });
  }
  return data<CalendarResult>({ error: "missing" }, { status: 400 });
}
