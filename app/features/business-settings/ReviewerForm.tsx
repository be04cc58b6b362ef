import { Button } from "#app/ui/Button.tsx";
import { RadioGroup } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { PostForm } from "#app/features/console/parts.tsx";
import type { BusinessResult } from "#app/features/business-settings/actions.server.ts";
import { REVIEWER_INTENT } from "#app/features/business-settings/reviewer.ts";
import { REVIEWER_ROLES, type ReviewerRole } from "#app/business/ad-review.ts";
import admin from "#app/features/console/console.module.css";

/**
 * Who reviews the firm's ads (시행령 제19조②: the 준법감시인, or the 감사 where there is none):
 * every ad's "… 심의필" line names the role chosen here.
 */
export function ReviewerForm({ role, result, busy }: { role: ReviewerRole; result?: BusinessResult; busy: boolean }) {
  const t = useAdminT();
  const error = result && "reviewerErrors" in result ? result.reviewerErrors.reviewer_role : undefined;
  return (
    <PostForm intent={REVIEWER_INTENT} className={`${admin.card} ${admin.stack}`} noValidate>
      <h2 className={admin.subtitle}>{t("business.reviewer.title")}</h2>
      <p className={admin.groupHint}>{t("business.reviewer.hint")}</p>
      <RadioGroup
        key={role}
        legend={t("business.reviewer.legend")}
        name="reviewer_role"
        stacked
        defaultValue={role}
        error={error ? t(error as AdminKey) : undefined}
        options={REVIEWER_ROLES.map((r) => ({ value: r, label: t(`business.reviewer.${r}` as AdminKey) }))}
      />
      <div className={admin.toolbar}>
        <Button type="submit" disabled={busy}>
          {t("business.reviewer.save")}
        </Button>
      </div>
    </PostForm>
  );
}
