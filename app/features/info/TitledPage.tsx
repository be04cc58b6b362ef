import type { ReactNode } from "react";
import { useT } from "~/i18n/useT";
import { PageHeading } from "~/ui/PageHeading";

/** A page's `<h1>` from `common.pages.<page>.title`, then its content. */
export function TitledPage({ page, children }: { page: string; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <PageHeading>{t(`common.pages.${page}.title`)}</PageHeading>
      {children}
    </>
  );
}
