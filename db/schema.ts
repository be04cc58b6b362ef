import type { ColumnType, Generated } from "kysely";

/**
 * The tables the server stores, as the app reads and writes them on both
 * dialects (docs/decisions/0003, 0024). Times are ISO-8601 UTC strings
 * (`2026-11-22T04:50:00.000Z`): SQLite stores that text, PostgreSQL a
 * `timestamptz` that db/pg-types.ts reads back as the same string, so
 * comparing with an ISO string parameter and sorting mean the same on both.
 * Flags are 1/0: SQLite integers, PostgreSQL `boolean` read back as 1/0
 * (writes of 1/0 or true/false are accepted by both).
 */
/**
 * Where a request stands (issue 26, ADR 0028): a consultation goes through the
 * loan stages, the other kinds through a short workflow of their own.
 */
export type ConsultationStage = "new" | "contacting" | "consulted" | "documents" | "with_lender" | "approved" | "declined" | "closed";
export type ApplicationStage = "new" | "in_progress" | "done" | "closed";
export type RequestStage = ConsultationStage | ApplicationStage;
/** A visitors' rights request (issue 16) keeps the first workflow. */
export type RightsStatus = "new" | "contacted" | "closed";
/** Why a consultation was closed: a fixed list (`other` needs a note). */
export type ClosedReason =
  | "unreachable"
  | "wrong_number"
  | "withdrew"
  | "not_eligible_stay"
  | "not_eligible_income"
  | "lender_declined"
  | "went_elsewhere"
  | "duplicate"
  | "other";

interface RequestColumns<S extends string = RequestStage> {
  id: Generated<number>;
  /** Client-made id of the submission; a retried submission is stored once. */
  submission_id: string | null;
  /** Page language when the request was sent (en, vi, id, my, mn). */
  lang: string;
  status: Generated<S>;
  operator_note: Generated<string>;
  created_at: string;
  updated_at: string;
  /** When an operator first opened it in the console (null: unread). */
  first_opened_at: Generated<string | null>;
}

export interface BannerRedirectLogTable {
  id: Generated<number>;
  partner_name: string;
  redirect_url: string;
  created_at: string;
}

export interface ProposalTable extends RequestColumns<ApplicationStage> {
  proposer_name: string;
  proposer_phone: string;
  proposer_email: string;
  proposal_content: string;
}

export interface AsRequestTable extends RequestColumns<ApplicationStage> {
  applicant_name: string;
  contact_phone: string;
  applicant_addr: string;
  inquiry_content: string;
}

export interface AsRequestPhotoTable {
  id: Generated<number>;
  as_request_id: number;
  /** Decided from the bytes (after re-encoding), never from the name. */
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  data: Uint8Array;
  created_at: string;
}

export interface PurchaseRequestTable extends RequestColumns<ApplicationStage> {
  applicant_name: string;
  contact_phone: string;
  applicant_addr: string;
  inquiry_content: string;
}

export interface ConsultationAnswerTable extends RequestColumns<ConsultationStage> {
  marketing_yn: "Y" | "N";
  /** The stage's own facts (0080): why it was closed (with a note for `other`), the lender, the approval. */
  closed_reason: Generated<ClosedReason | null>;
  closed_note: Generated<string | null>;
  lender: Generated<string | null>;
  /** Won, whole. */
  approved_amount: Generated<number | null>;
  /** YYYY-MM-DD, a day in Korea. */
  approved_on: Generated<string | null>;
  /** The calls (0081): the first attempt's time, the next call, unanswered attempts, kept open past the cadence. */
  first_contact_at: Generated<string | null>;
  next_call_at: Generated<string | null>;
  /** 1: the visitor asked for that time (it may lie outside the calling hours). */
  next_call_asked: Generated<number>;
  unanswered_calls: Generated<number>;
  keep_open: Generated<number>;
  /** The agent who has the lead (0082); null: unclaimed. */
  assigned_operator_id: Generated<number | null>;
  /** The call-back time whose alert went to the agent (0084): alerted once per time. */
  callback_alert_for: Generated<string | null>;
}

/** One call an agent placed (0081). */
export interface CallAttemptTable {
  id: Generated<number>;
  request_kind: "consultation";
  request_id: number;
  operator_id: number | null;
  outcome: "connected" | "no_answer" | "busy" | "message_left" | "wrong_number" | "callback" | "refused" | "do_not_contact";
  note: Generated<string>;
  /** The time the visitor asked to be called back at. */
  callback_at: string | null;
  at: string;
}

/** A phone number (digits) whose owner forbade further calls (0081). */
export interface DoNotContactTable {
  id: Generated<number>;
  phone: string;
  operator_id: number | null;
  at: string;
}

/** Every move of a request from one stage to another (0080): no personal data. */
export interface RequestStageHistoryTable {
  id: Generated<number>;
  request_kind: "consultation" | "proposal" | "as" | "purchase";
  request_id: number;
  /** null: the request's arrival (not written today; the request's created_at says it). */
  from_stage: RequestStage | null;
  to_stage: RequestStage;
  /** null: moved by the system (the cadence) or by the 0080 migration. */
  operator_id: number | null;
  at: string;
  closed_reason: ClosedReason | null;
  lender: string | null;
  amount: number | null;
  approved_on: string | null;
}

export interface ConsultationAnswerItemTable {
  id: Generated<number>;
  answer_id: number;
  question_seq: number;
  answer_content: string;
}

/** What a visitor agreed to, which version, when: one row per policy. */
export interface ConsentRecordTable {
  id: Generated<number>;
  answer_id: number;
  policy_kind: string;
  policy_version: string;
  agreed_yn: "Y" | "N";
  lang: string;
  created_at: string;
  /** When the person withdrew it (marketing consent only); null while it stands. */
  withdrawn_at: Generated<string | null>;
}

/** How a consent to give a consultation to a lender was given (issue 52): on the status page, by phone, on paper. */
export type LenderConsentMethod = "web" | "phone" | "paper";

/** A person's consent to give their consultation to one lender (issue 52, item 1; 법 제17조②; ADR 0052). */
export interface LenderConsentTable {
  id: Generated<number>;
  answer_id: number;
  /** The recipient, as the stage move names it. */
  lender: string;
  /** The items given, comma-separated keys of LENDER_CONSENT_ITEMS. */
  items: string;
  /** How long the lender keeps them after the loan ends (years). */
  retention_years: number;
  method: LenderConsentMethod;
  /** By phone: the call's recording or reference; on paper: the document's number. Null on the site. */
  reference: string | null;
  /** Who asked for it (on the site) or recorded it (phone, paper). */
  operator_id: number | null;
  asked_at: string;
  /** null: asked on the status page and not answered yet. */
  answer: "given" | "refused" | null;
  answered_at: string | null;
  /** The status page's language the visitor answered in (site only). */
  lang: string | null;
  /** A given consent the person withdrew, when (migration 0220): no move to the lender rests on it any more. */
  withdrawn_at: Generated<string | null>;
}

/** What a person may ask of their data (issue 16): withdraw marketing consent, or erase it all; and (issue 28) see it, or complain. */
export type RightsRequestKind =
  | "withdraw_marketing"
  | "erase"
  | "access"
  | "complaint"
  /** No more calls to this number (금융소비자보호법 제21조의2): carried out at once, once the number is proven with a code (ADR 0049). */
  | "refuse_contact"
  /** The person lifts their refusal (the number proven with a code): carried out at once. */
  | "allow_contact";

export interface RightsRequestTable extends RequestColumns<RightsStatus> {
  request_kind: RightsRequestKind;
  /** Digits only. */
  phone: string;
  /** A complaint's text (issue 28). */
  message: Generated<string | null>;
  /** The date by which our policies promise an answer (issue 28). */
  due_at: Generated<string | null>;
  /** The recorded answer, which closes it: when, by whom (operator e-mail), how. */
  answered_at: Generated<string | null>;
  answered_by: Generated<string | null>;
  answer_method: Generated<string | null>;
  answer_note: Generated<string | null>;
  /** When the person proved the number with a one-time code sent to it (0191, ADR 0049): refusals, their lifting and erasures. */
  proven_at: Generated<string | null>;
}

/** Who runs a scheduled job now (issue 15): one instance per schedule. */
export interface JobLeaseTable {
  name: string;
  holder: string;
  until: string;
}

/**
 * Rate-limit counters on PostgreSQL (issue 15, ADR 0025): one row per bucket,
 * client (an HMAC, never the address) and clock-aligned window.
 */
export interface RateLimitTable {
  bucket: string;
  key_hash: string;
  /** Epoch milliseconds; PostgreSQL's bigint comes back as a string. */
  window_start: ColumnType<number | string, number, number>;
  count: number;
}

export interface BlogLinkTable {
  /** og_seq in the API. */
  id: Generated<number>;
  og_title: string | null;
  og_url: string;
  og_image: string | null;
  domain_addr: string;
  created_at: string;
  updated_at: string;
}

/** An operator of the console (issue 7); the first is made with `npm run admin:create`. */
export interface AdminOperatorTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash. */
  password_hash: string;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  /** Set by `npm run admin:disable`: no sign-in, no session, no alerts. */
  disabled_at: Generated<string | null>;
  /** What the operator may do (ADR 0022); existing operators became administrators. */
  role: Generated<OperatorRole>;
  /** Two-step sign-in (RFC 6238): the authenticator's secret (base32, sealed under APP_SECRET: app/lib/sealed.server.ts) once set up… */
  totp_secret: Generated<string | null>;
  /** …the secret shown as a QR code while it is being set up… */
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: Generated<string | null>;
  /** …and the last time-step whose code was accepted: a code works once. */
  totp_last_step: Generated<number | null>;
  /** Receives new consultations in turn (0083; the switch on My account): 1/0. */
  on_duty: Generated<number>;
  /** When it was last given a new consultation in turn (0083): the one given one longest ago, or never, is next. */
  last_assigned_at: Generated<string | null>;
}

/** Ten one-time recovery codes per operator with two-step sign-in, stored as SHA-256. */
export interface AdminRecoveryCodeTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** The console's settings, one row each (`two_step_required`: `admins` | `everyone`). */
/** A network (IPv4 /24 or IPv6 /48 prefix) an operator signed in from (issue 52): a new one alerts the administrators. */
export interface AdminOperatorNetworkTable {
  id: Generated<number>;
  operator_id: number;
  network: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface AdminSettingTable {
  id: Generated<number>;
  name: string;
  value: string;
  updated_at: string;
}

/** `officer`: the privacy officer (issue 52, ADR 0053): reviews access records and confirms destruction; sees no personal data. */
export type OperatorRole = "admin" | "agent" | "officer";

/** A one-time link that sets an operator's password: an invitation or a reset (48 h). Only its token's SHA-256 is stored. */
export interface AdminPasswordLinkTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  purpose: "invite" | "reset";
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
export interface AdminSessionTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  created_at: string;
  last_seen_at: string;
  /** Absolute end, whatever the activity. */
  expires_at: string;
  /** "Chrome · Android": a label made from the user-agent (ADR 0022), not the user-agent. */
  device: Generated<string | null>;
  /** Where it was last seen: the address's prefix (203.0.113.x), never the address. */
  ip_prefix: Generated<string | null>;
}

/** An invitation or password-reset link to send by e-mail (an outbox; the link sealed until sent). */
export interface PasswordLinkMailTable {
  id: Generated<number>;
  recipient: string;
  purpose: "invite" | "reset";
  lang: "ko" | "en";
  sealed_link: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A browser that signed in to an operator's account before (its device cookie's token, hashed; ADR 0017). */
export interface AdminDeviceCookieTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: string;
}

/** Failed sign-ins per e-mail (hashed) and client address (hashed), and a temporary lock (ADR 0017). */
export interface AdminLoginThrottleTable {
  id: Generated<number>;
  email_hash: string;
  client_hash: string;
  failures: Generated<number>;
  locked_until: string | null;
  updated_at: string;
}

/** Failed sign-ins per e-mail (hashed) from every address in a window, and the growing delay (ADR 0017). */
export interface AdminLoginAccountTable {
  id: Generated<number>;
  email_hash: string;
  failures: Generated<number>;
  window_started_at: string;
  next_attempt_at: string | null;
  updated_at: string;
}

export type AuditAction =
  | "sign_in"
  | "sign_out"
  | "view"
  | "export"
  | "update"
  | "blog_add"
  | "blog_update"
  | "blog_delete"
  | "push_on"
  | "push_off"
  | "privacy_erase"
  | "privacy_withdraw"
  | "privacy_copy"
  | "campaign_create"
  | "campaign_update"
  | "campaign_publish"
  | "campaign_reorder"
  | "campaign_delete"
  | "product_update"
  | "product_publish"
  | "product_enable"
  | "product_create"
  | "product_delete"
  | "product_retire"
  | "lender_create"
  | "lender_update"
  | "lender_delete"
  | "operator_invite"
  | "operator_role"
  | "operator_disable"
  | "operator_enable"
  | "operator_reset"
  | "password_set"
  | "two_step_on"
  | "two_step_codes"
  | "two_step_policy"
  | "session_end"
  | "two_step_reset"
  | "stage"
  | "call"
  | "assign"
  | "duty_on"
  | "duty_off"
  /** Issue 36: the business calendar's hours and weekdays, a closure added or removed. */
  | "calendar_update"
  | "calendar_close"
  | "calendar_reopen"
  | "download_approve"
  | "download_refuse"
  | "download_cap"
  | "breach_record"
  | "breach_update"
  | "breach_publish"
  | "breach_close"
  /** Issue 28: a visitor's own acts on the status page, and an answer to a rights request. */
  | "visitor_reschedule"
  | "visitor_withdraw"
  /** Issue 52: consent to give a consultation to a lender, asked or recorded by an operator, answered by the visitor. */
  | "lender_consent"
  | "visitor_consent"
  | "rights_answer"
  /** Issue 35: the home page's figures and reviews. */
  | "claims_update"
  | "claims_confirm"
  | "claims_section"
  /** Issue 36: legal documents as dated versions. */
  | "legal_version_create"
  | "legal_version_update"
  | "legal_version_withdraw"
  /** Issue 36: the business's identity saved in the console. */
  | "business_update"
  /** Issue 47: the business's brand and links saved in the console. */
  | "brand_update"
  /** Issue 52: the officer's sign-off of a period's access records, the review interval, a destruction confirmed; an operator made by `npm run admin:create`. */
  | "access_review"
  | "access_interval"
  | "destruction_confirm"
  | "operator_create";

/** Which operator viewed, changed or exported which record, when. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_email: string;
  action: AuditAction;
  record_kind: string | null;
  record_id: number | null;
  detail: Generated<string>;
  created_at: string;
}

export type AlertChannel = "push" | "email" | "webhook";
/** Every channel of the one outbox (app/outbox/, ADR 0048). */
export type OutboxChannel = AlertChannel | "visitor" | "link_mail" | "text";
export type AlertStatus = "pending" | "delivered" | "failed" | "cancelled";

/** The alerts outbox (issue 12): one row per channel and recipient of a new request. */
export interface AlertDeliveryTable {
  id: Generated<number>;
  /**
   * "visitor": Web Push to a visitor's phone (issue 38), recipient = visitor_push_subscriptions.id;
   * "link_mail": an operator's password link (recipient: the operator's address); "text": 알림톡/SMS
   * to a visitor (issue 49; recipient: the number masked, the number itself sealed in `payload`).
   */
  channel: OutboxChannel;
  /** Push subscription id, an operator's e-mail address, "webhook" or a masked number: never a visitor's data in clear. */
  recipient: string;
  request_kind: string;
  request_id: number;
  request_lang: string;
  request_created_at: string;
  status: Generated<AlertStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  last_error: string | null;
  first_failed_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
  /** A visitor delivery's kind of news (issue 38, migration 0170); null on the operators' channels. */
  news: Generated<string | null>;
  /** The time that news names (the next try, the call-back), or null. */
  news_at: Generated<string | null>;
  /** Sealed under APP_SECRET (a password link; a text's number and parameters), wiped once delivered or given up (migration 0185). */
  payload: Generated<string | null>;
  /** Unique when set: one text per kind per request per window on every instance. */
  dedupe_key: Generated<string | null>;
  /** A text's message id at its provider, and what its delivery report said (issue 49 item 5). */
  provider_ref: Generated<string | null>;
  report_status: Generated<string | null>;
  reported_at: Generated<string | null>;
  cost_won: Generated<number | null>;
}

/** A visitor's phone that gets Web Push about one request (issue 38, migration 0170). */
export interface VisitorPushSubscriptionTable {
  id: Generated<number>;
  status_link_id: number;
  request_kind: string;
  request_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** One device of an operator that receives Web Push alerts. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  operator_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A partner banner of the home page (issue 14); `texts` is JSON, see app/features/campaigns/model.ts. */
export interface CampaignBannerTable {
  id: Generated<number>;
  partner_key: string;
  texts: string;
  /**
   * The rate as the Korean console writes it (13.00%–19.9%), written from the
   * numbers on every save; shown as it is only when the numbers are null (a
   * text migration 0100 could not read).
   */
  rate_text: string;
  /** The lowest annual rate in hundredths of a percent (13.00% → 1300). */
  rate_from_bp: number | null;
  /** The highest; equal to the lowest for one rate. */
  rate_to_bp: number | null;
  /** The decimals each end was written with (13.00 → 2, 19.9 → 1). */
  rate_from_decimals: number | null;
  rate_to_decimals: number | null;
  /** YYYY-MM-DD (Korea). */
  rate_date: string;
  link: string;
  image: string;
  image_2x: string | null;
  active_from: string | null;
  active_until: string | null;
  /** 1 on, 0 off (a boolean on PostgreSQL, read as 1/0). */
  enabled: number;
  /** 1 live, 0 draft (a boolean on PostgreSQL, read as 1/0). */
  published: number;
  position: number;
  created_at: string;
  updated_at: string;
  /** The lender's confirmation of the ad and the compliance officer's review (migration 0150, ADR 0039): number, last valid day (YYYY-MM-DD, Korea). */
  confirm_no: string | null;
  confirm_until: string | null;
  review_no: string | null;
  review_until: string | null;
  /** 1 for the seeded sample values (the go-live check lists them), 0 once an operator saves. */
  sample: Generated<number>;
  /** The product (its partner key) this ad advertises: its page and its disclosure. */
  product_key: string | null;
}

/** The event popup of the home page (one row); `alts` is JSON per language. */
export interface CampaignPopupTable {
  id: Generated<number>;
  link: string;
  image: string;
  image_2x: string | null;
  alts: string;
  active_from: string | null;
  active_until: string | null;
  /** As the banners': 1/0 on both dialects. */
  enabled: number;
  published: number;
  updated_at: string;
  /** The lender's confirmation of the ad and the compliance officer's review (migration 0150, ADR 0039): number, last valid day (YYYY-MM-DD, Korea). */
  confirm_no: string | null;
  confirm_until: string | null;
  review_no: string | null;
  review_until: string | null;
  /** 1 for the seeded sample values (the go-live check lists them), 0 once an operator saves. */
  sample: Generated<number>;
  /** The product (its partner key) this ad advertises: its page and its disclosure. */
  product_key: string | null;
  /** An event's terms, JSON per language, and its first and last day (YYYY-MM-DD, Korea) (migration 0195); null: not an event. */
  event_terms: string | null;
  event_from: string | null;
  event_until: string | null;
}

/** An uploaded campaign image, re-encoded to WebP, served at /media/campaigns/<name>. */
export interface CampaignImageTable {
  id: Generated<number>;
  name: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  data: Uint8Array;
  created_at: string;
}

/** Counters of content every instance renders; a change drops the cached pages everywhere. */
export interface ContentVersionTable {
  name: string;
  version: number;
  updated_at: string;
}

/** The business calendar's one row of settings (issue 36, ADR 0037): minutes after Seoul midnight. */
export interface BusinessCalendarTable {
  id: number;
  /** ISO weekdays, comma-separated: "1,2,3,4,5". */
  working_days: string;
  working_start: number;
  working_end: number;
  calling_start: number;
  calling_end: number;
  updated_at: string;
}

/** A day the business adds as closed (YYYY-MM-DD, Seoul), with an operator's note. */
export interface BusinessClosureTable {
  id: Generated<number>;
  day: string;
  note: Generated<string>;
  created_at: string;
}

/** A loan product (issue 27): one per partner banner; its figures and rules are in versions. */
export interface LoanProductTable {
  id: Generated<number>;
  partner_key: string;
  /** 1 on, 0 off (a boolean on PostgreSQL, read as 1/0). */
  enabled: number;
  position: number;
  created_at: string;
  updated_at: string;
  /** The lender it is sold for, chosen at creation (migration 0175). */
  lender_id: number | null;
  /** Set when the business stopped selling it: off for good, its published versions kept (migration 0175). */
  retired_at: string | null;
}

/** A lender (금융상품직접판매업자) the business sells products for (issue 47, migration 0175). */
export interface LoanLenderTable {
  id: Generated<number>;
  /** 상호, as the ad and the 금융소비자보호법 제26조 notice write it. */
  legal_name: string;
  /** JSON per language, English required: the name visitors read. */
  names: string;
  /** Its logo as served (an uploaded image or a file of public/), or null. */
  logo: string | null;
  created_at: string;
  updated_at: string;
}

/** One version of a product's figures and rules: a draft, or published and live from `effective_from`. */
export interface LoanProductVersionTable {
  id: Generated<number>;
  product_id: number;
  status: "draft" | "published";
  effective_from: string;
  /** JSON per language, English required. */
  names: string;
  amount_min: number;
  amount_max: number;
  /** Hundredths of a percent a year (13.00 % = 1300). */
  rate_min_bp: number;
  rate_max_bp: number;
  term_min: number;
  term_max: number;
  /** Comma-separated repayment methods. */
  methods: string;
  /** JSON array of visa types. */
  visas: string;
  stay_after_months: number;
  employed_months: number;
  /** JSON {visa: months}. */
  employed_months_by_visa: string;
  min_income: number;
  /** Comma-separated kinds of employment. */
  employment_kinds: string;
  /** JSON array; [] = any nationality. */
  nationalities: string;
  created_at: string;
  updated_at: string;
  /** What the ad must state (migration 0150, app/loans/terms.ts); null in a draft that lacks it. */
  rate_date: string | null;
  lender_name: string | null;
  official_name: string | null;
  rate_kind: string | null;
  rate_basis: string | null;
  overdue_add_bp: number | null;
  fee_handling_bp: number | null;
  fee_prepay_bp: number | null;
  prepay_months: number | null;
  stamp_duty: string | null;
  credit_standard: string | null;
  /** 이자 부과시기 (migration 0195): `monthly` or `maturity`; null in a draft that lacks it. */
  interest_timing: string | null;
  /** The lender-approved translations of its own words, JSON per language (migration 0195); null: none. */
  rate_basis_tr: string | null;
  credit_standard_tr: string | null;
  /** The lender's confirmation of the ad and the compliance officer's review (migration 0150, ADR 0039): number, last valid day (YYYY-MM-DD, Korea). */
  confirm_no: string | null;
  confirm_until: string | null;
  review_no: string | null;
  review_until: string | null;
  /** 1 for the seeded sample values (the go-live check lists them), 0 once an operator saves. */
  sample: Generated<number>;
}

/** The eligibility check sent with a consultation (issue 27): its answers and the server's result. */
export interface ConsultationCheckTable {
  id: Generated<number>;
  answer_id: number;
  employed_months: number;
  employment: string;
  income: number;
  amount: number;
  months: number;
  fits: number;
  total: number;
  /** JSON: per product, its key, whether it fits and the rules it fails. */
  result: string;
  created_at: string;
}

/** The private status link of a request (issue 28, ADR 0033): the token's SHA-256, never the token. */
export interface RequestStatusLinkTable {
  id: Generated<number>;
  request_kind: string;
  request_id: number;
  token_hash: string;
  /** 128 random bits (hex) from which, with the app's secret, the token is made again for a retry. */
  salt: string;
  lang: string;
  created_at: string;
  /** The end of the request's retention: the link works until then. */
  expires_at: string;
  /** The call-back time the visitor chose on the status page. */
  callback_at: Generated<string | null>;
  /** "I no longer need this": when, and what was erased (JSON counts, no personal data). */
  withdrawn_at: Generated<string | null>;
  erased: Generated<string | null>;
}

/** Where a request came from (issue 28): first-party tags only, no personal data. */
export interface RequestSourceTable {
  id: Generated<number>;
  request_kind: string;
  request_id: number;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** The partner banner (its key) tapped before the request in the same tab. */
  banner_key: string | null;
  /** The referring site's host name, never its path. */
  referrer_domain: string | null;
  /** 1 when the eligibility check was used before the request (1/0 on both dialects). */
  eligibility_used: number;
  created_at: string;
}

/** A section of the home page's claims (issue 35, item 4): "figures" or "reviews"; hidden drops it from the page. */
export interface HomeClaimSectionTable {
  id: Generated<number>;
  section: string;
  /** 1 hidden, 0 shown (a boolean on PostgreSQL, read as 1/0). */
  hidden: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One of the home page's four figures; `confirmed_at` empty while it is still a sample. */
export interface HomeFigureTable {
  id: Generated<number>;
  figure: string;
  /** Whole units: a count, tenths of a percent, or won (`bigint`: PostgreSQL answers a string). */
  value: number | string;
  /** YYYY-MM-DD: the day it was counted. */
  as_of: string;
  /** JSON {"en": "…", …}: the source note per language, English required. */
  sources: string;
  position: number;
  confirmed_at: string | null;
  confirmed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A customer review on the home page; `confirmed_at` empty while it is still a sample. */
export interface HomeReviewTable {
  id: Generated<number>;
  /** Masked as shown (Siti N*** R). */
  name: string;
  /** The flag shown: a country code of public/images/flags. */
  country: string;
  rating: number;
  /** The language the customer wrote in (a site language). */
  original_lang: string;
  quote: string;
  /** JSON {"vi": "…", …}: translations of the quote, by language. */
  translations: string;
  /** YYYY-MM-DD: the day the customer agreed to its publication. */
  consent_date: string | null;
  /** 1: something was given for the review (said on the page). */
  incentive: Generated<number>;
  hidden: Generated<number>;
  position: number;
  confirmed_at: string | null;
  confirmed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The business's own settings (issue 36): one JSON document per section (`identity`). */
export interface BusinessSettingTable {
  section: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** Files the business uploads (the registration certificate), by the hash of their bytes. */
export interface BusinessFileTable {
  name: string;
  content_type: string;
  data: Uint8Array;
  created_at: string;
}

/** A download over the row cap waiting for, or given, a second administrator's approval (issue 52, ADR 0054). */
export interface DownloadApprovalTable {
  id: Generated<number>;
  kind: string;
  /** What was asked, as JSON: the same parameters must come back with the approval. */
  params: string;
  rows: number;
  reason: string;
  requested_by: string;
  status: "pending" | "granted" | "refused" | "used";
  decided_by: string | null;
  decided_at: string | null;
  used_at: string | null;
  created_at: string;
}

/** An encrypted download between its making and its one download (the password is never stored). */
export interface DownloadFileTable {
  id: Generated<number>;
  token_hash: string;
  operator_email: string;
  filename: string;
  data: Uint8Array;
  expires_at: string;
  created_at: string;
}

/** A leak of personal data: when it became known (the 72-hour clock), what it touched, the notices' facts (docs/breach.md). */
export interface BreachIncidentTable {
  id: Generated<number>;
  known_at: string;
  recorded_by: string;
  period_from: string;
  period_to: string;
  /** Request kinds affected, comma-separated. */
  kinds: string;
  /** The notice's facts, JSON (BreachFacts). */
  facts: string;
  published_at: string | null;
  notice_until: string | null;
  reported_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  download_approvals: DownloadApprovalTable;
  download_files: DownloadFileTable;
  breach_incidents: BreachIncidentTable;
  banner_redirect_logs: BannerRedirectLogTable;
  proposals: ProposalTable;
  as_requests: AsRequestTable;
  as_request_photos: AsRequestPhotoTable;
  purchase_requests: PurchaseRequestTable;
  consultation_answers: ConsultationAnswerTable;
  consultation_answer_items: ConsultationAnswerItemTable;
  request_stage_history: RequestStageHistoryTable;
  call_attempts: CallAttemptTable;
  do_not_contact: DoNotContactTable;
  consent_records: ConsentRecordTable;
  lender_consents: LenderConsentTable;
  rights_requests: RightsRequestTable;
  job_leases: JobLeaseTable;
  rate_limits: RateLimitTable;
  blog_links: BlogLinkTable;
  admin_operators: AdminOperatorTable;
  admin_sessions: AdminSessionTable;
  admin_device_cookies: AdminDeviceCookieTable;
  password_link_mails: PasswordLinkMailTable;
  admin_login_throttle: AdminLoginThrottleTable;
  admin_login_accounts: AdminLoginAccountTable;
  admin_audit_log: AdminAuditLogTable;
  admin_password_links: AdminPasswordLinkTable;
  admin_recovery_codes: AdminRecoveryCodeTable;
  admin_settings: AdminSettingTable;
  admin_operator_networks: AdminOperatorNetworkTable;
  alert_deliveries: AlertDeliveryTable;
  push_subscriptions: PushSubscriptionTable;
  campaign_banners: CampaignBannerTable;
  campaign_popup: CampaignPopupTable;
  campaign_images: CampaignImageTable;
  content_versions: ContentVersionTable;
  loan_products: LoanProductTable;
  loan_lenders: LoanLenderTable;
  loan_product_versions: LoanProductVersionTable;
  consultation_checks: ConsultationCheckTable;
  request_status_links: RequestStatusLinkTable;
  request_sources: RequestSourceTable;
  home_claim_sections: HomeClaimSectionTable;
  home_figures: HomeFigureTable;
  home_reviews: HomeReviewTable;
  business_settings: BusinessSettingTable;
  business_files: BusinessFileTable;
  business_calendar: BusinessCalendarTable;
  business_closures: BusinessClosureTable;
  legal_versions: LegalVersionTable;
  visitor_push_subscriptions: VisitorPushSubscriptionTable;
  access_records: AccessRecordTable;
  access_reviews: AccessReviewTable;
  destruction_ledger: DestructionLedgerTable;
  phone_codes: PhoneCodeTable;
  contact_exceptions: ContactExceptionTable;
}

/** A one-time code that proves a phone number (0190, ADR 0049): the number, the address and the code only as HMACs. */
export interface PhoneCodeTable {
  id: Generated<number>;
  /** find, refuse, lift or erase: a code serves only the purpose it was sent for. */
  purpose: string;
  phone_key: string;
  ip_key: string;
  code_hash: string;
  /** Wrong answers so far. */
  tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: Generated<string | null>;
}

/** A request from a number that refused contact, whose sender said on the form that it may be called (0190). */
export interface ContactExceptionTable {
  id: Generated<number>;
  request_kind: string;
  request_id: number;
  at: string;
}

/** One dated version of a legal document (issue 36, migration 0140, ADR 0038). */
export interface LegalVersionTable {
  id: Generated<number>;
  /** privacy, service, notice or complaint. */
  kind: string;
  /** YYYY-MM-DD (Korea date): in force from its start until the next version's. */
  effective_on: string;
  /** A significant change: 30 days' notice instead of 7 (spec §9). */
  significant: number;
  body_ko: string;
  body_en: string;
  body_vi: string;
  body_id: string;
  body_my: string;
  body_mn: string;
  created_by: number | null;
  created_by_email: string | null;
  created_at: string;
  updated_at: string;
}

/** One view of personal data by an operator (issue 52, migration 0210, ADR 0053): append-only, hash-chained. */
export interface AccessRecordTable {
  id: Generated<number>;
  at: string;
  operator_id: number | null;
  operator_email: string;
  role: string;
  ip: string;
  network: string;
  kind: AccessKind;
  records: string;
  record_count: number;
  term: Generated<string>;
  term_kind: Generated<string>;
  detail: Generated<string>;
  prev_hash: string;
  hash: string;
}

export type AccessKind = "request" | "photo" | "inbox" | "search" | "calls" | "export" | "privacy_list" | "privacy_copy";

/** The privacy officer's dated sign-off of a period's access records (issue 52). */
export interface AccessReviewTable {
  id: Generated<number>;
  period_from: string;
  period_to: string;
  reviewer_id: number | null;
  reviewer_email: string;
  records: number;
  flagged: number;
  findings: string;
  follow_up: string;
  signed_at: string;
}

/** The destruction ledger (issue 52 item 6): each retention run and each erasure; the officer confirms it. */
export interface DestructionLedgerTable {
  id: Generated<number>;
  at: string;
  kind: "retention" | "erasure";
  actor: string;
  cutoffs: string;
  counts: string;
  detail: Generated<string>;
  chain_anchor: string | null;
  confirmed_at: string | null;
  confirmed_by: string | null;
}
