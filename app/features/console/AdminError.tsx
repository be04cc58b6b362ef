import { Link, isRouteErrorResponse, href } from "react-router";
import { useAdminT } from "#app/features/console/i18n.ts";
import { PageTitle } from "#app/features/console/parts.tsx";
import styles from "./console.module.css";

/** The console's error page (inside its own shell), 404 or otherwise. */
export function AdminError({ error }: { error: unknown }) {
  const t = useAdminT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className={styles.card}>
        <PageTitle>{t("error.forbidden")}</PageTitle>
        <p>{t("error.forbiddenBody")}</p>
        <p>
          <Link to={href("/admin")}>{t("error.home")}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className={styles.card}>
      <PageTitle>{notFound ? t("error.notFound") : t("error.title")}</PageTitle>
      <p>{notFound ? t("error.notFoundBody") : t("error.body")}</p>
      <p>
        <Link to={href("/admin")}>{t("error.home")}</Link>
      </p>
    </section>
  );
}
