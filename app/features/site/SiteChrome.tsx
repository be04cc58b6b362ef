import { useMatches } from "react-router";
import { LegalModal } from "~/features/legal/LegalModal";
import type { LegalView } from "~/features/legal/links";
import { Footer } from "./Footer";
import { ContactWidget } from "./ContactWidget";
import { contactWidgetOffset } from "./chrome-handle";

/**
 * What every page has around its content: footer, contact button, legal
 * modal. A route can raise the contact button with its `handle`
 * (chrome-handle.ts).
 */
export function SiteChrome({ legal }: { legal: LegalView | null }) {
  const offset = contactWidgetOffset(useMatches());
  return (
    <>
      <Footer />
      <ContactWidget bottomOffset={offset} />
      <LegalModal view={legal} />
    </>
  );
}
