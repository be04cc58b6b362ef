import { PageTitle } from "#app/features/site/PageTitle.tsx";

/** A page that is only its heading (spec §2: /our-products/mobile, /our-products/insurance). */
export function HeadingOnlyPage() {
  return <PageTitle />;
}
