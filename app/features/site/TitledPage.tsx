import type { ReactNode } from "react";
import { PageTitle } from "#app/features/site/PageTitle.tsx";

/** A page's `<h1>` (its loader's title), then its content. */
export function TitledPage({ children }: { children: ReactNode }) {
  return (
    <>
      <PageTitle />
      {children}
    </>
  );
}
