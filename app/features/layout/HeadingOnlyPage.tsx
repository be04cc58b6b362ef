import { useLoaderData } from "react-router";
import { PageHeading } from "~/ui/PageHeading";

/** A page that is only its heading, the title its loader gives (spec §2: /our-products/mobile, /our-products/insurance). */
export function HeadingOnlyPage() {
  const { title } = useLoaderData() as { title: string };
  return <PageHeading>{title}</PageHeading>;
}
