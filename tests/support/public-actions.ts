import { callAction } from "#tests/support/services.ts";
import { formDataOf, type Part } from "#tests/support/multipart.ts";
import { SAMPLE_CONSULTATION_FORM } from "#tests/support/consultation-sample.ts";
import { action as answer } from "#app/routes/svc.answer.ts";
import { action as proposal } from "#app/routes/svc.proposal.ts";
import { action as purchase } from "#app/routes/svc.purchase.ts";
import { action as asCreate } from "#app/routes/svc.as.ts";
import { action as ogList } from "#app/routes/svc.og-list.ts";
import { action as bannerLog } from "#app/routes/svc.banner-redirect-log.ts";
import { action as consultationForm } from "#app/routes/loan-consultation.tsx";
import { action as contactForm } from "#app/routes/company.contact-us.tsx";
import { action as counterForm } from "#app/routes/company.hitachi.tsx";
import { action as rightsForm } from "#app/routes/privacy-rights.tsx";

/** What a visitor can post: each `/svc/*` endpoint and each public form's action, with a valid body. */
export type Action = Parameters<typeof callAction>[0];

export const SVC: Record<string, Action> = {
  "/svc/answer/create": answer,
  "/svc/proposal/create": proposal,
  "/svc/purchase/create": purchase,
  "/svc/as/create": asCreate,
  "/svc/og/list": ogList,
  "/svc/banner/redirect/logs/create": bannerLog,
};

export const FORMS: { path: string; action: unknown; valid: Record<string, string> }[] = [
  {
    path: "/loan-consultation",
    action: consultationForm,
    valid: { ...SAMPLE_CONSULTATION_FORM },
  },
  {
    path: "/company/contact-us",
    action: contactForm,
    valid: {
      proposer_name: "Example Foundation",
      proposer_phone: "02-123-4567",
      proposer_email: "partner@example.org",
      proposal_content: "A joint seminar.",
      agree: "on",
    },
  },
  {
    path: "/company/hitachi",
    action: counterForm,
    valid: {
      type: "purchase",
      applicant_name: "홍길동",
      contact_phone: "01012345678",
      applicant_addr: "서울 중구 세종대로 110",
      inquiry_content: "현금계수기 구매 문의입니다.",
      agree: "on",
    },
  },
  {
    path: "/privacy-rights",
    action: rightsForm,
    valid: { request: "erase", phone: "010-9999-0000", message: "" },
  },
];

/** A request for a body: JSON, or multipart with the body as json_param for the A/S endpoint. */
export function svcRequest(path: string, contentType: string, body: unknown): Request {
  if (contentType === "multipart/form-data") {
    const parts: Part[] = [{ name: "json_param", value: JSON.stringify(body ?? null) ?? "" }];
    return new Request(`http://localhost${path}`, { method: "POST", body: formDataOf(parts) });
  }
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? "" : JSON.stringify(body),
  });
}

/** A form posted as a browser without JavaScript posts it. */
export function formRequest(path: string, fields: Record<string, string> | URLSearchParams, lang?: string): Request {
  return new Request(`http://localhost${path}${lang ? `?lang=${lang}` : ""}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}
