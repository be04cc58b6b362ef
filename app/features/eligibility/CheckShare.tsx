import { useT } from "#app/i18n/useT.ts";
import { Checkbox } from "#app/ui/Field.tsx";
import type { FromCheck } from "#app/features/eligibility/eligibility.server.ts";
import { CHECK_FIELD, SHARE_CHECK_FIELD } from "#app/features/eligibility/share.ts";
import styles from "./Eligibility.module.css";

/**
 * On the consultation form opened from the check (issue 27, item 5): what the
 * check found, and a box the visitor ticks to send its answers and result
 * with the request. Unticked, nothing of the check is sent or stored.
 */
export function CheckShare({ fromCheck }: { fromCheck: FromCheck }) {
  const t = useT();
  return (
    <div className={styles.share}>
      <p className={styles.shareTitle}>{t("consultation.check.title")}</p>
      <p>{t("consultation.check.summary", { count: fromCheck.fits, fits: fromCheck.fits, total: fromCheck.total })}</p>
      <p>{t("consultation.check.prefilled")}</p>
      <input type="hidden" name={CHECK_FIELD} value={fromCheck.query} />
      <Checkbox name={SHARE_CHECK_FIELD} value="Y" label={t("consultation.check.share")} />
    </div>
  );
}
