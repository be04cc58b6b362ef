import type { Route } from "./+types/privacy-rights";
import { withStatusLinkStrings } from "#app/requests/status-answer.server.ts";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedFormPage } from "#app/lib/cache.ts";
import { rightsFormAction } from "#app/features/privacy-rights/rights.server.ts";
import { PrivacyRightsPage, type RightsResult } from "#app/features/privacy-rights/PrivacyRightsPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return withStatusLinkStrings(context, pageData(context, ["rights", "proof"], "privacyRights"));
}

/** The request, with or without JavaScript (the shared form pipeline). */
export const action = rightsFormAction;

export const meta = pageMeta;
export const headers = sharedFormPage();

export default function Page({ actionData }: Route.ComponentProps) {
  return <PrivacyRightsPage result={actionData as RightsResult | undefined} />;
}
