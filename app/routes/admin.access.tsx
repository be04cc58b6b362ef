import { data } from "react-router";
import type { Route } from "./+types/admin.access";
import { services } from "#app/lib/services.server.ts";
import { validate } from "#app/lib/schema.ts";
import { consoleForm, consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireOfficer } from "#app/features/console/guards.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import {
  listReviews,
  operatorChoices,
  readAccessFilter,
  reviewAccess,
  reviewInterval,
  setReviewInterval,
  signOff,
} from "#app/features/access/review.server.ts";
import { REVIEW_INTERVALS, signOffSchema, type ReviewInterval } from "#app/features/access/review.ts";
import { AccessReviewPage, type AccessReviewResult } from "#app/features/access/AccessReviewPage.tsx";

/** The privacy officer's review of the access records (issue 52, ADR 0053): the officer only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireOfficer(context);
  const { db } = services(context);
  const filter = readAccessFilter(new URL(request.url).searchParams);
  return {
    title: consoleTitle(context, "access.title"),
    filter,
    review: await reviewAccess(db, filter),
    operators: await operatorChoices(db),
    reviews: await listReviews(db),
    interval: await reviewInterval(db),
  };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireOfficer(context);
  const { form, who } = await consoleForm(request, context, 16 * 1024);
  const { db } = services(context);
  if (form.get("intent") === "interval") {
    const value = form.get("interval") as ReviewInterval;
    if (!REVIEW_INTERVALS.includes(value))
      return data<AccessReviewResult>({ errors: { interval: "access.errors.interval" }, values: {} }, { status: 400 });
    await setReviewInterval(db, value);
    await audit(db, who, "access_interval", null, value);
    return data<AccessReviewResult>({ interval: value });
  }
  if (form.get("intent") !== "sign_off") throw data(null, { status: 400 });
  const values = {
    from: form.get("from") ?? "",
    to: form.get("to") ?? "",
    findings: form.get("findings") ?? "",
    follow_up: form.get("follow_up") ?? "",
  };
  const check = validate(signOffSchema, values, { crossField: true });
  if (!check.success) return data<AccessReviewResult>({ errors: check.errors, values }, { status: 400 });
  const id = await signOff(db, who, {
    from: check.output.from,
    to: check.output.to,
    findings: check.output.findings,
    followUp: check.output.follow_up,
  });
  await audit(db, who, "access_review", { kind: "access_review", id }, `${check.output.from} – ${check.output.to}`);
  return data<AccessReviewResult>({ signed: id });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AccessReviewPage data={loaderData} result={actionData} />;
}
