import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/loan-consultation";
import { pageData } from "#app/lib/page.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { newSubmissionId } from "#app/lib/submission.ts";
import { useT } from "#app/i18n/useT.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { POLICY_PARAM } from "#app/features/legal/links.ts";
import { ConsultationForm } from "#app/features/consultation/ConsultationForm.tsx";
import { consultationFormAction } from "#app/features/consultation/consultation.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  // The id of this showing of the form: a retried or double-tapped submit is stored once.
  return { ...pageData(context, ["consultation"], "consultation"), submissionId: newSubmissionId() };
}

export const action = consultationFormAction;

export const meta = pageMeta;

/** Every showing has its own submission id: never cached. A 429 keeps its Retry-After. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ "Cache-Control": "no-store" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
}

/** Opening a policy (?policy=…) changes nothing the loader makes: no refetch, no new id. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(POLICY_PARAM);
    return `${url.pathname}?${params.toString()}`;
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading subtitle={t("consultation.form.intro")}>{loaderData.title}</PageHeading>
      <ConsultationForm submissionId={loaderData.submissionId} actionData={actionData ?? undefined} />
    </>
  );
}
