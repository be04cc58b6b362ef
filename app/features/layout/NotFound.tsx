import { Link } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import styles from "./NotFound.module.css";

export function NotFound() {
  const t = useT();
  return (
    <section className={styles.notFound}>
      <PageHeading subtitle={t("common.notFound.body")}>{t("common.notFound.title")}</PageHeading>
      <p className={styles.actions}>
        <Link to="/" className={styles.home}>
          {t("common.notFound.home")}
        </Link>
      </p>
    </section>
  );
}
