import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import type { BusinessResult } from "#app/features/business-settings/actions.server.ts";
import { PROCESSORS_INTENT } from "#app/features/business-settings/processors-schema.ts";
import { PROCESSOR_FIELDS, PROCESSOR_TEXT_MAX, WEB_PUSH_PROCESSORS, type Processor } from "#app/business/processors.ts";
import admin from "#app/features/console/console.module.css";

const LABELS: Record<(typeof PROCESSOR_FIELDS)[number], AdminKey> = {
  name: "business.processors.name",
  taskKo: "business.processors.taskKo",
  taskEn: "business.processors.taskEn",
  country: "business.processors.country",
  transferKo: "business.processors.transferKo",
  transferEn: "business.processors.transferEn",
};

/**
 * The processors the privacy policy names (issue 52, item 7; 법 제26조②,
 * 제28조의8): one group of fields per processor and a blank one to add
 * (works without JavaScript: each save shows a new blank group); emptying a
 * group removes it. Nothing listed yet: the Web Push services are offered
 * filled in, to check and save.
 */
export function ProcessorsForm({ processors, result, busy }: { processors: Processor[]; result?: BusinessResult; busy: boolean }) {
  const t = useAdminT();
  const failed = result && "processorsErrors" in result ? result : null;
  const shown: Record<string, string>[] = failed
    ? rowsOf(failed.processorsValues)
    : [...(processors.length ? processors : WEB_PUSH_PROCESSORS).map((p) => ({ ...p }) as Record<string, string>), {}];
  return (
    <PostForm intent={PROCESSORS_INTENT} className={`${admin.card} ${admin.stack}`} noValidate key={JSON.stringify(processors)}>
      <h2 className={admin.subtitle}>{t("business.processors.title")}</h2>
      <p className={admin.groupHint}>{t(processors.length ? "business.processors.hint" : "business.processors.suggested")}</p>
      {failed ? <Notice tone="error">{t((failed.processorsErrors._form ?? "business.errorSummary") as AdminKey)}</Notice> : null}
      {shown.map((row, i) => (
        <fieldset key={i} className={admin.group}>
          <legend>{row.name ? row.name : t("business.processors.add")}</legend>
          {PROCESSOR_FIELDS.map((field) => {
            const error = failed?.processorsErrors[`${field}.${i}`];
            return (
              <TextField
                key={field}
                label={t(LABELS[field])}
                name={`${field}.${i}`}
                defaultValue={row[field] ?? ""}
                maxLength={field === "country" ? 2 : PROCESSOR_TEXT_MAX}
                hint={field === "country" ? t("business.processors.countryHint") : undefined}
                error={error ? t(error as AdminKey) : undefined}
              />
            );
          })}
        </fieldset>
      ))}
      <div className={admin.toolbar}>
        <Button type="submit" disabled={busy}>
          {t("business.processors.save")}
        </Button>
      </div>
    </PostForm>
  );
}

/** The rows sent, in order, and a blank one after them. */
function rowsOf(values: Record<string, string>): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (const [key, value] of Object.entries(values)) {
    const [field, n] = key.split(".");
    const i = Number(n);
    rows[i] = { ...(rows[i] ?? {}), [field!]: value };
  }
  return [...rows.filter(Boolean), {}];
}
