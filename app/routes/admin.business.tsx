import type { Route } from "./+types/admin.business";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { businessModules } from "#app/business/modules.server.ts";
import { reviewerRole } from "#app/business/ad-review.server.ts";
import { businessProcessors } from "#app/business/processors.server.ts";
import { identityFields } from "#app/features/business-settings/schema.ts";
import { businessAction } from "#app/features/business-settings/actions.server.ts";
import { BusinessPage } from "#app/features/business-settings/BusinessPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const { db } = services(context);
  const identity = await businessIdentity(db);
  return {
    title: consoleTitle(context, "business.title"),
    stored: identityFields(identity),
    certificateUrl: identity.certificateUrl,
    modules: await businessModules(db),
    reviewerRole: await reviewerRole(db),
    processors: await businessProcessors(db),
  };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return businessAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BusinessPage
      stored={loaderData.stored}
      certificateUrl={loaderData.certificateUrl}
      modules={loaderData.modules}
      reviewerRole={loaderData.reviewerRole}
      processors={loaderData.processors}
      result={actionData}
    />
  );
}
