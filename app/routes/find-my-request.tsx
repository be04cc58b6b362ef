import type { Route } from "./+types/find-my-request";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedFormPage } from "#app/lib/cache.ts";
import { findAction } from "#app/features/phone-proof/find.server.ts";
import { FindRequestPage, type FindResult } from "#app/features/phone-proof/FindRequestPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["proof"], "findRequest");
}

/** The number, then the code, with or without JavaScript (ADR 0049). */
export const action = findAction;

export const meta = pageMeta;
export const headers = sharedFormPage();

export default function Page({ actionData }: Route.ComponentProps) {
  return <FindRequestPage result={actionData as FindResult | undefined} />;
}
