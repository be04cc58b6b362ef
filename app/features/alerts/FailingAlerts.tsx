import { Link, href } from "react-router";
import type { AlertChannel } from "#db/schema.ts";
import { useAdminT } from "#app/features/console/i18n.ts";
import styles from "./alerts.module.css";

/** The inbox's warning while a channel has been failing for more than 15 minutes. */
export function FailingAlerts({ failing }: { failing: { channel: AlertChannel; minutes: number }[] }) {
  const t = useAdminT();
  if (!failing.length) return null;
  const channels = failing.map((f) => t(`notify.channel.${f.channel}`)).join(", ");
  const minutes = Math.max(...failing.map((f) => f.minutes));
  return (
    <div className={styles.warning} role="alert">
      <p>{t("inbox.failing", { channels, count: minutes })}</p>
      <Link to={href("/admin/notifications")}>{t("inbox.failingLink")}</Link>
    </div>
  );
}
