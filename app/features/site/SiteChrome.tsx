import type { ReactNode } from "react";
import { useMatches } from "react-router";
import { LegalModal } from "#app/features/legal/LegalModal.tsx";
import { LegalChanges } from "#app/features/legal/LegalChanges.tsx";
import type { LegalChange, LegalView } from "#app/features/legal/links.ts";
import { Footer } from "#app/features/site/Footer.tsx";
import { ContactWidget } from "#app/features/site/ContactWidget.tsx";
import { contactWidgetOffset } from "#app/features/site/chrome-handle.ts";

/**
 * What every page has around its content: footer, contact button, legal
 * modal. A route can raise the contact button with its `handle`
 * (chrome-handle.ts).
 */
export function SiteChrome({ legal, changes = [], notice }: { legal: LegalView | null; changes?: LegalChange[]; notice?: ReactNode }) {
  const offset = contactWidgetOffset(useMatches());
  return (
    <>
      {notice}
      <LegalChanges changes={changes} />
      <Footer />
      <ContactWidget bottomOffset={offset} />
      <LegalModal view={legal} />
    </>
  );
}
