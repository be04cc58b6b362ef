import type { ReactNode } from "react";
import { PageTitle } from "~/features/layout/PageTitle";

/** A page's `<h1>` (its loader's title), then its content. */
export function TitledPage({ children }: { children: ReactNode }) {
  return (
    <>
      <PageTitle />
      {children}
    </>
  );
}
