import { useT } from "~/i18n/useT";
import { PageHeading } from "~/ui/PageHeading";

/** A page that is only its heading (spec §2: /our-products/mobile, /our-products/insurance). */
export function HeadingOnlyPage({ page }: { page: string }) {
  const t = useT();
  return <PageHeading>{t(`common.pages.${page}.title`)}</PageHeading>;
}
