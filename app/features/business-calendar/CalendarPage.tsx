import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, FieldError, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { NOTE_MAX } from "#app/features/business-calendar/schema.ts";
import type { CalendarPageData } from "#app/features/business-calendar/calendar.server.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./calendar.module.css";

export type CalendarResult =
  | { ok: "hours" | "closed" | "reopened" }
  | { form: "hours"; errors: Record<string, string>; values: Record<string, string> }
  | { form: "closure"; errors: Record<string, string>; values: Record<string, string> }
  | { error: "missing" };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The business calendar (issue 36, item 2), administrators only: the days
 * and hours (Korea time) every page, the call cadence, My calls and the
 * reports read, the public holidays the gazette gives, and the days the
 * business adds as closed. Plain forms: they work without JavaScript.
 */
export function CalendarPage({ data, result }: { data: CalendarPageData; result?: CalendarResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const hoursState = formState(result && "form" in result && result.form === "hours" ? result : undefined);
  const closureState = formState(result && "form" in result && result.form === "closure" ? result : undefined);
  const field = useFieldProps(hoursState, data.values);
  const closureField = useFieldProps(closureState, { day: "", note: "" });
  const days = new Set((hoursState ? (hoursState.values.days ?? "") : (data.values.days ?? "")).split(","));
  const daysError = hoursState?.errors.days ? t(hoursState.errors.days as AdminKey) : undefined;
  const required = { required: true, requiredLabel: t("form.required") };
  return (
    <>
      <PageTitle>{t("calendar.title")}</PageTitle>
      <p className={admin.muted}>{t("calendar.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t(`calendar.done.${result.ok}`)}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t("calendar.done.missing")}</Notice> : null}

      <section className={admin.card} aria-labelledby="calendar-hours">
        <h2 id="calendar-hours" className={admin.subtitle}>
          {t("calendar.hours.title")}
        </h2>
        {hoursState ? <Notice tone="error">{t("calendar.errorSummary")}</Notice> : null}
        <PostForm intent="hours" className={admin.stack} noValidate>
          <fieldset className={styles.days} aria-describedby={daysError ? "days-error" : undefined}>
            <legend>{t("calendar.hours.days")}</legend>
            {WEEKDAYS.map((d) => (
              <Checkbox key={d} name="days" value={String(d)} defaultChecked={days.has(String(d))} label={t(`calendar.weekday.${d}`)} />
            ))}
            <FieldError id="days-error" message={daysError} />
          </fieldset>
          <div className={styles.pair}>
            <TextField label={t("calendar.hours.workingStart")} type="time" step={60} {...required} {...field("working_start")} />
            <TextField label={t("calendar.hours.workingEnd")} type="time" step={60} {...required} {...field("working_end")} />
          </div>
          <p className={admin.muted}>{t("calendar.hours.workingHint")}</p>
          <div className={styles.pair}>
            <TextField label={t("calendar.hours.callingStart")} type="time" step={60} {...required} {...field("calling_start")} />
            <TextField label={t("calendar.hours.callingEnd")} type="time" step={60} {...required} {...field("calling_end")} />
          </div>
          <p className={admin.muted}>{t("calendar.hours.callingHint")}</p>
          <Button type="submit" disabled={busy}>
            {t("form.save")}
          </Button>
        </PostForm>
      </section>

      <section className={admin.card} aria-labelledby="calendar-closures">
        <h2 id="calendar-closures" className={admin.subtitle}>
          {t("calendar.closures.title")}
        </h2>
        <p className={admin.muted}>{t("calendar.closures.intro")}</p>
        {closureState ? <Notice tone="error">{t("calendar.errorSummary")}</Notice> : null}
        <PostForm intent="close" className={admin.stack} noValidate>
          <TextField label={t("calendar.closures.day")} type="date" {...required} {...closureField("day")} />
          <TextField label={t("calendar.closures.note")} maxLength={NOTE_MAX} {...closureField("note")} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {t("calendar.closures.add")}
          </Button>
        </PostForm>
        {data.upcoming.length ? (
          <ul className={styles.list} aria-label={t("calendar.closures.upcoming")}>
            {data.upcoming.map((c) => (
              <li key={c.id}>
                <span>
                  <strong>{c.day}</strong> {c.note}
                </span>
                <PostForm intent="reopen" className={admin.deleteForm}>
                  <input type="hidden" name="id" value={c.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    className={admin.danger}
                    aria-label={t("calendar.closures.removeDay", { day: c.day })}
                  >
                    {t("calendar.closures.remove")}
                  </Button>
                </PostForm>
              </li>
            ))}
          </ul>
        ) : (
          <p className={admin.muted}>{t("calendar.closures.none")}</p>
        )}
        {data.past.length ? (
          <details>
            <summary>{t("calendar.closures.past")}</summary>
            <ul className={styles.list}>
              {data.past.map((c) => (
                <li key={c.id}>
                  <span>
                    {c.day} {c.note}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section className={admin.card} aria-labelledby="calendar-holidays">
        <h2 id="calendar-holidays" className={admin.subtitle}>
          {t("calendar.holidays.title")}
        </h2>
        <p className={admin.muted}>{t("calendar.holidays.intro", { year: data.knownThrough })}</p>
        {data.nextYearKnown ? null : <Notice tone="error">{t("calendar.holidays.unknown", { year: data.knownThrough })}</Notice>}
        <ul className={styles.list}>
          {data.holidays.map((h) => (
            <li key={h.day}>
              <span>
                <strong>{h.day}</strong> {h.names}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
