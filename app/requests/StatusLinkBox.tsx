import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useLocale, useT } from "#app/i18n/useT.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { Button } from "#app/ui/Button.tsx";
import styles from "./StatusLinkBox.module.css";

/**
 * The private status link on a completion page (issue 28): the whole link,
 * a note to keep it (it is the only copy: we keep only a hash), and, once
 * JavaScript runs, a copy button. Without JavaScript the link can be
 * selected, opened or bookmarked.
 */
export function StatusLinkBox({ path }: { path: string }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  const url = `${origin}${path}`;
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }

  return (
    <section className={styles.linkBox} aria-labelledby="status-link-title" lang={locale}>
      <h2 id="status-link-title" className={styles.linkTitle}>
        {t("status.link.title")}
      </h2>
      <p className={styles.linkNote}>{t("status.link.keep")}</p>
      <p className={styles.linkUrl}>
        <a href={path} translate="no">
          {url}
        </a>
      </p>
      {hydrated ? (
        <Button variant="secondary" block onClick={() => void copy()}>
          {t("status.link.copy")}
        </Button>
      ) : null}
      <p aria-live="polite" className={styles.linkCopied}>
        {copied === "yes" ? t("status.link.copied") : copied === "no" ? t("status.link.copyFailed") : ""}
      </p>
    </section>
  );
}
