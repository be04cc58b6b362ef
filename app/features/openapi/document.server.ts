import { toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import { ogListSchema, OG_LIST_BODY_LIMIT } from "#app/features/blogs/schema.ts";
import { bannerLogSchema, BANNER_LOG_BODY_LIMIT } from "#app/features/banners/schema.ts";
import { PROPOSAL_FIELDS, proposalSchema } from "#app/features/company/schema.ts";
import { PROPOSAL_BODY_LIMIT } from "#app/features/company/proposal.server.ts";
import { BODY_LIMIT as ANSWER_BODY_LIMIT } from "#app/features/consultation/consultation.server.ts";
import { QUESTION_SEQ, type AnswerField, VISA_OPTIONS } from "#app/requests/questions.ts";
import { answerPayloadSchema, EXPIRY_UNKNOWN, INTENT_OPTIONS, KOREAN_MOBILE, TEXT_MAX } from "#app/features/consultation/schema.ts";
import { INQUIRY_FIELDS, inquirySchema, MAX_PHOTO_BYTES, MAX_PHOTOS } from "#app/features/counter-inquiry/schema.ts";
import { INQUIRY_BODY_LIMIT } from "#app/features/counter-inquiry/requests.server.ts";

/**
 * The `/svc` contract as OpenAPI 3.1 (GET /svc/openapi.json), generated from
 * the schemas the endpoints validate with (`@valibot/to-json-schema`, the
 * input side: what a client sends) and from the constants those schemas are
 * made of (accepted values, limits). The examples are checked against the
 * server by a test: each valid one is answered 200, each invalid one with its
 * `x-expected-status`.
 */
type Json = Record<string, unknown>;

/** The input a client sends, as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
function inputSchema(schema: GenericSchema): Json {
  const { $schema: _dialect, ...json } = toJsonSchema(schema, { target: "draft-2020-12", typeMode: "input", errorMode: "ignore" }) as Json;
  return json;
}

/** Fields the schema reads as empty when missing (and so refuses as "required"): required in the contract. */
function requiring(schema: Json, fields: readonly string[]): Json {
  return { ...schema, required: [...fields] };
}

/** What each consultation answer accepts, by question number (spec §3, §5). */
const ANSWER_CONTENT: Record<AnswerField, Json> = {
  type: { enum: [...INTENT_OPTIONS], description: "Wants a loan." },
  visaType: { enum: [...VISA_OPTIONS] },
  expiryDate: {
    oneOf: [
      { type: "string", pattern: "^(\\d{8}|\\d{4}/\\d{2}/\\d{2})$", description: "YYYYMMDD or YYYY/MM/DD, a day that exists." },
      { const: EXPIRY_UNKNOWN, description: "The visitor does not know the expiry date." },
    ],
  },
  nationality: { type: "string", minLength: 1, maxLength: TEXT_MAX },
  name: { type: "string", minLength: 1, maxLength: TEXT_MAX, description: "As on the passport or residence card." },
  phone: {
    type: "string",
    pattern: KOREAN_MOBILE.source,
    description: "A Korean mobile number; spaces, dashes and +82 are accepted and removed.",
  },
};

function answerSchema(): Json {
  const base = inputSchema(answerPayloadSchema) as { properties: Json & { answer_list: Json } };
  const items = (Object.keys(QUESTION_SEQ) as AnswerField[]).map((field) => ({
    type: "object",
    title: field,
    required: ["question_seq", "answer_content"],
    properties: { question_seq: { const: QUESTION_SEQ[field] }, answer_content: ANSWER_CONTENT[field] },
  }));
  return {
    ...base,
    properties: {
      ...base.properties,
      answer_list: {
        ...base.properties.answer_list,
        description: "Exactly one answer per question 1–6, in any order.",
        minItems: items.length,
        maxItems: items.length,
        items: { oneOf: items },
      },
    },
  };
}

const consultation = {
  submission_id: "3c1f9a52-8b7e-4d10-a6c2-5e4f3b2a1d00",
  marketing_yn: "N",
  answer_list: [
    { question_seq: 1, answer_content: "yes" },
    { question_seq: 2, answer_content: "E-9" },
    { question_seq: 3, answer_content: "2027/12/31" },
    { question_seq: 4, answer_content: "Vietnam" },
    { question_seq: 5, answer_content: "NGUYEN VAN A" },
    { question_seq: 6, answer_content: "010-1234-5678" },
  ],
};
const inquiry = {
  applicant_name: "홍길동",
  contact_phone: "01012345678",
  applicant_addr: "경기도 안산시 단원구",
  inquiry_content: "지폐가 걸립니다.",
};
/** A sample banner every fresh install has (db/migrations/0050_campaigns.ts). */
const banner = { partnerName: "regional-bank-general", url: "https://bank.example.com/loans/general" };

export interface Example {
  summary: string;
  value: unknown;
  /** Absent: the server answers 200. */
  "x-expected-status"?: number;
}

interface Endpoint {
  path: string;
  summary: string;
  description: string;
  contentType: "application/json" | "multipart/form-data";
  schema: Json;
  limit: number;
  examples: Record<string, Example>;
  data: Json;
}

/** Every request is given its private status link (issue 28, ADR 0033); a retry is given the same one. */
const STATUS_URL: Json = {
  type: "string",
  format: "uri",
  description:
    "The request's private status page (/status/<token>?lang=…). Show it to the visitor with a note to keep it: it is the only copy (the server keeps only a hash of its token). A retry with the same submission_id answers the same link.",
};
const withStatusUrl = (data: Json): Json => ({
  ...data,
  required: ["status_url"],
  properties: { ...(data.properties as Json), status_url: STATUS_URL },
});

/** Where the visit came from (issue 28), optional and first-party: bad values are dropped, never refused. */
const SOURCE: Json = {
  type: "object",
  description:
    "Optional. What this browser tab remembered of the visit (sessionStorage): the landing page's UTM tags, the partner banner tapped before, the referring site's domain, whether the eligibility check was used. Unknown keys are ignored; a value that does not fit is dropped.",
  properties: {
    utm_source: { type: "string", maxLength: 100 },
    utm_medium: { type: "string", maxLength: 100 },
    utm_campaign: { type: "string", maxLength: 100 },
    banner: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,63}$", description: "The partner key of the banner tapped." },
    referrer: { type: "string", description: "The referring site's host name (no path)." },
    eligibility: { const: "1", description: "The eligibility check was used." },
  },
};
const withSource = (schema: Json): Json => ({ ...schema, properties: { ...(schema.properties as Json), source: SOURCE } });

const accepted = withStatusUrl({ type: "object", properties: { accepted: { const: true } } });

export const ENDPOINTS: Endpoint[] = [
  {
    path: "/svc/answer/create",
    summary: "Request a loan consultation",
    description: "Stored once per submission_id (a retry answers the first). agree_yn is the required consent: absent means agreed.",
    contentType: "application/json",
    schema: withSource(answerSchema()),
    limit: ANSWER_BODY_LIMIT,
    data: withStatusUrl({ type: "object", properties: { submission_id: { type: ["string", "null"] } } }),
    examples: {
      valid: { summary: "A consultation", value: consultation },
      withSource: {
        summary: "A consultation with where the visit came from",
        value: {
          ...consultation,
          submission_id: "9a4c2e1f-3b5d-4f60-8a7b-2c1d0e9f8a70",
          source: {
            utm_source: "facebook",
            utm_medium: "social",
            utm_campaign: "spring",
            banner: "regional-bank-general",
            referrer: "m.facebook.com",
            eligibility: "1",
          },
        },
      },
      dontKnowExpiry: {
        summary: "The visitor does not know the visa's expiry date",
        value: {
          ...consultation,
          submission_id: "5d2e8b1a-0c4f-4e3b-9a7d-1f6e2c3b4a50",
          answer_list: consultation.answer_list.map((a) => (a.question_seq === 3 ? { ...a, answer_content: EXPIRY_UNKNOWN } : a)),
        },
      },
      missingAnswer: {
        summary: "An answer missing (question 3)",
        value: { ...consultation, answer_list: consultation.answer_list.filter((a) => a.question_seq !== 3) },
        "x-expected-status": 400,
      },
      emptyExpiry: {
        summary: "An empty expiry date (use unknown)",
        value: {
          ...consultation,
          answer_list: consultation.answer_list.map((a) => (a.question_seq === 3 ? { ...a, answer_content: "" } : a)),
        },
        "x-expected-status": 400,
      },
      badVisa: {
        summary: "A visa type not offered",
        value: {
          ...consultation,
          answer_list: consultation.answer_list.map((a) => (a.question_seq === 2 ? { ...a, answer_content: "Z-1" } : a)),
        },
        "x-expected-status": 400,
      },
    },
  },
  {
    path: "/svc/proposal/create",
    summary: "Send a partnership proposal",
    description: "All four fields are required; the phone keeps its digits only.",
    contentType: "application/json",
    schema: withSource(requiring(inputSchema(proposalSchema), PROPOSAL_FIELDS)),
    limit: PROPOSAL_BODY_LIMIT,
    data: accepted,
    examples: {
      valid: {
        summary: "A proposal",
        value: {
          proposer_name: "Example Foundation",
          proposer_phone: "02-123-4567",
          proposer_email: "partner@example.org",
          proposal_content: "A joint seminar.",
        },
      },
      missingEmail: {
        summary: "A required field missing",
        value: { proposer_name: "Example Foundation", proposer_phone: "021234567", proposal_content: "A joint seminar." },
        "x-expected-status": 400,
      },
    },
  },
  {
    path: "/svc/purchase/create",
    summary: "Ask about buying a cash counter",
    description: "All four fields are required; the phone keeps its digits only.",
    contentType: "application/json",
    schema: withSource(requiring(inputSchema(inquirySchema("purchase")), INQUIRY_FIELDS)),
    limit: INQUIRY_BODY_LIMIT,
    data: accepted,
    examples: {
      valid: { summary: "A purchase inquiry", value: inquiry },
      emptyName: { summary: "An empty name", value: { ...inquiry, applicant_name: " " }, "x-expected-status": 400 },
    },
  },
  {
    path: "/svc/as/create",
    summary: "Request after-sales service for a cash counter, with photos",
    description: `json_param holds the four fields as JSON; file_param is repeated per photo: 1 to ${MAX_PHOTOS} images of at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB each (the type is decided by the bytes; photos are re-encoded without metadata).`,
    contentType: "multipart/form-data",
    schema: {
      type: "object",
      required: ["json_param", "file_param"],
      properties: {
        json_param: {
          type: "string",
          contentMediaType: "application/json",
          contentSchema: withSource(requiring(inputSchema(inquirySchema("as")), INQUIRY_FIELDS)),
        },
        file_param: {
          type: "array",
          minItems: 1,
          maxItems: MAX_PHOTOS,
          items: { type: "string", contentMediaType: "image/*", maxLength: MAX_PHOTO_BYTES },
        },
      },
    },
    limit: MAX_PHOTOS * MAX_PHOTO_BYTES,
    data: accepted,
    examples: {
      valid: {
        summary: "An A/S request with one photo (file_param: the photo's bytes)",
        value: { json_param: JSON.stringify(inquiry), file_param: ["photo.jpg"] },
      },
      noPhoto: { summary: "No photo", value: { json_param: JSON.stringify(inquiry), file_param: [] }, "x-expected-status": 400 },
    },
  },
  {
    path: "/svc/og/list",
    summary: "Read a page of the blog links",
    description: "Newest first; hasNextPage says whether another page exists.",
    contentType: "application/json",
    schema: requiring(inputSchema(ogListSchema), ["page_num"]),
    limit: OG_LIST_BODY_LIMIT,
    data: { type: "object", properties: { list: { type: "array" }, pageNum: { type: "integer" }, hasNextPage: { type: "boolean" } } },
    examples: {
      valid: { summary: "The first page", value: { page_num: 1, page_size: 4 } },
      pageZero: { summary: "Pages start at 1", value: { page_num: 0 }, "x-expected-status": 400 },
    },
  },
  {
    path: "/svc/banner/redirect/logs/create",
    summary: "Record a tap on a partner banner",
    description: "Only the partner banners the site shows (name and link as shown) are recorded.",
    contentType: "application/json",
    schema: inputSchema(bannerLogSchema),
    limit: BANNER_LOG_BODY_LIMIT,
    data: { type: "object", properties: { id: { type: "integer" } } },
    examples: {
      valid: { summary: "A tap on a partner banner", value: { partner_name: banner.partnerName, redirect_url: banner.url } },
      unknownPartner: {
        summary: "A banner the site does not show",
        value: { partner_name: "someone-else", redirect_url: "https://elsewhere.example.com/" },
        "x-expected-status": 400,
      },
    },
  },
];

function envelope(status: number): Json {
  return status === 200
    ? { type: "object", required: ["res_status", "data"], properties: { res_status: { const: 200 }, data: {} } }
    : {
        type: "object",
        required: ["res_status", "message", "errors"],
        properties: {
          res_status: { const: status },
          message: { type: "string", description: "In the request's language (?lang=, the lang cookie, Accept-Language)." },
          errors: {
            type: "object",
            additionalProperties: { type: "string" },
            description: "A message per field, in the request's language.",
          },
        },
      };
}

function error(status: number, description: string, headers?: Json): Json {
  return { description, ...(headers ? { headers } : {}), content: { "application/json": { schema: envelope(status) } } };
}

/** The contract, titled `title` (the brand's API title, app/business/brand.ts). */
export function openApiDocument(title: string): Json {
  const paths: Json = {};
  for (const e of ENDPOINTS) {
    paths[e.path] = {
      post: {
        summary: e.summary,
        description: `${e.description} Body at most ${e.limit} bytes.`,
        requestBody: { required: true, content: { [e.contentType]: { schema: e.schema, examples: e.examples } } },
        responses: {
          "200": {
            description: "Accepted.",
            content: { "application/json": { schema: { ...envelope(200), properties: { res_status: { const: 200 }, data: e.data } } } },
          },
          "400": error(400, "Bad input: malformed JSON, a wrong content type, a body over the limit, or field errors."),
          "405": error(405, "Only POST.", { Allow: { schema: { const: "POST" } } }),
          "429": error(429, "Too many requests from this address.", {
            "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } },
          }),
          "500": error(500, "The server failed; nothing is known to be stored. Retrying with the same submission_id is safe."),
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title,
      version: "1.0.0",
      description: "The JSON API of the site (spec §7). Every answer is the envelope {res_status, data} or {res_status, message, errors}.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
  };
}
