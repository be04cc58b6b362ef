import { Link, href } from "react-router";
import { useAdminT } from "#app/features/console/i18n.ts";
import styles from "./deadlines.module.css";

/** The inbox's warning while any rights request or complaint is past the deadline our policies promise (issue 28). */
export function OverdueWarning({ count }: { count: number }) {
  const t = useAdminT();
  if (count <= 0) return null;
  return (
    <div className={styles.warning} role="alert">
      <p>{t("deadlines.inboxWarning", { count })}</p>
      <Link to={href("/admin/deadlines")}>{t("deadlines.inboxLink")}</Link>
    </div>
  );
}
