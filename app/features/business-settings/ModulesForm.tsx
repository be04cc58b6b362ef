import { Button } from "#app/ui/Button.tsx";
import { Checkbox } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import type { BusinessResult } from "#app/features/business-settings/actions.server.ts";
import { MODULES_INTENT } from "#app/features/business-settings/modules-schema.ts";
import { MODULES, type BusinessModule, type BusinessModules } from "#app/business/modules.ts";
import admin from "#app/features/console/console.module.css";

const LABEL: Record<BusinessModule, { label: AdminKey; hint: AdminKey }> = {
  counter: { label: "business.modules.counter", hint: "business.modules.counterHint" },
};

/**
 * The lines of business the site offers (issue 47, item 4): a module
 * switched off leaves the menu in every language, its pages and forms
 * answer 404 and it leaves the sitemap; switched on again, all is back.
 */
export function ModulesForm({ modules, result, busy }: { modules: BusinessModules; result?: BusinessResult; busy: boolean }) {
  const t = useAdminT();
  const errors = result && "modulesErrors" in result ? result.modulesErrors : null;
  return (
    <PostForm intent={MODULES_INTENT} className={`${admin.card} ${admin.stack}`} noValidate>
      <fieldset className={admin.group}>
        <legend>{t("business.modules.legend")}</legend>
        <p className={admin.groupHint}>{t("business.modules.hint")}</p>
        {errors ? <Notice tone="error">{t("business.errorSummary")}</Notice> : null}
        {MODULES.map((m) => (
          <div key={`${m}-${String(modules[m])}`}>
            <Checkbox
              name={m}
              defaultChecked={modules[m]}
              label={t(LABEL[m].label)}
              error={errors?.[m] ? t(errors[m] as AdminKey) : undefined}
            />
            <p className={admin.groupHint}>{t(LABEL[m].hint)}</p>
          </div>
        ))}
      </fieldset>
      <div className={admin.toolbar}>
        <Button type="submit" disabled={busy}>
          {t("business.modules.save")}
        </Button>
      </div>
    </PostForm>
  );
}
