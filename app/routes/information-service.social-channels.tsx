import type { Route } from "./+types/information-service.social-channels";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { TitledPage } from "~/features/info/TitledPage";
import { SocialChannels } from "~/features/info/SocialChannels";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["info"], "infoSocial");
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page() {
  return (
    <TitledPage>
      <SocialChannels />
    </TitledPage>
  );
}
