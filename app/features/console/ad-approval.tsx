import { TextField } from "#app/ui/Field.tsx";
import { APPROVAL_NUMBER_MAX, type Expiring } from "#app/loans/ad-approval.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import styles from "#app/features/console/console.module.css";

/**
 * The console's part of a loan ad's approvals (issue 35, ADR 0039), shared
 * by the products and the campaigns: the fieldset that shows the four
 * fields, and the warning of what runs out soon (their schema:
 * ad-approval-schema.ts).
 */
type FieldProps = (name: string) => { name: string; defaultValue: string; error?: string };

/** The lender's confirmation and the compliance officer's review, with their last valid days. */
export function ApprovalFields({ field }: { field: FieldProps }) {
  const t = useAdminT();
  return (
    <fieldset className={styles.stack}>
      <legend>{t("ads.legend")}</legend>
      <p className={styles.muted}>{t("ads.hint")}</p>
      <TextField
        label={t("ads.field.confirm_no")}
        hint={t("ads.field.confirmHint")}
        maxLength={APPROVAL_NUMBER_MAX}
        {...field("confirm_no")}
      />
      <TextField label={t("ads.field.confirm_until")} type="date" {...field("confirm_until")} />
      <TextField
        label={t("ads.field.review_no")}
        hint={t("ads.field.reviewHint")}
        maxLength={APPROVAL_NUMBER_MAX}
        {...field("review_no")}
      />
      <TextField label={t("ads.field.review_until")} type="date" {...field("review_until")} />
    </fieldset>
  );
}

/** One ad whose approval runs out within the warning window. */
export interface ExpiringAd {
  name: string;
  expiring: Expiring[];
}

/** The warning at the top of a page: what stops showing on its own, and when (nothing when nothing does). */
export function ExpiryWarning({ ads }: { ads: readonly ExpiringAd[] }) {
  const t = useAdminT();
  if (!ads.length) return null;
  return (
    <div className={styles.noticeError} role="status" data-testid="ad-expiry-warning">
      <p>{t("ads.expiring.title")}</p>
      <ul>
        {ads.flatMap((ad) =>
          ad.expiring.map((e) => (
            <li key={`${ad.name}-${e.which}`}>{t(`ads.expiring.${e.which}`, { name: ad.name, until: e.until, count: e.daysLeft })}</li>
          )),
        )}
      </ul>
    </div>
  );
}

/** The names of what is missing, for a notice outside the form (the list pages' publish buttons). */
export function useGapNames() {
  const t = useAdminT();
  return (fields: readonly string[]) => fields.map((f) => t(`ads.gap.${f}` as AdminKey)).join(", ");
}
