import { LegalModal } from "~/features/legal/LegalModal";
import type { LegalView } from "~/features/legal/links";
import { Footer } from "./Footer";
import { ContactWidget } from "./ContactWidget";

/** What every page has around its content: footer, contact button, legal modal. */
export function SiteChrome({ legal }: { legal: LegalView | null }) {
  return (
    <>
      <Footer />
      <ContactWidget />
      <LegalModal view={legal} />
    </>
  );
}
