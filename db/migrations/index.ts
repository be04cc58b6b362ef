import type { Migration } from "kysely";
import * as m0001 from "#db/migrations/0001_initial.ts";
import * as m0010 from "#db/migrations/0010_admin.ts";
import * as m0020 from "#db/migrations/0020_alerts.ts";
import * as m0030 from "#db/migrations/0030_sign_in_throttle.ts";
import * as m0045 from "#db/migrations/0045_privacy_rights.ts";
import * as m0046 from "#db/migrations/0046_job_leases.ts";
import * as m0050 from "#db/migrations/0050_campaigns.ts";
import * as m0060 from "#db/migrations/0060_operator_roles.ts";
import * as m0061 from "#db/migrations/0061_two_step.ts";
import * as m0062 from "#db/migrations/0062_session_devices.ts";
import * as m0065 from "#db/migrations/0065_rate_limits.ts";
import * as m0070 from "#db/migrations/0070_native_types.ts";
import * as m0080 from "#db/migrations/0080_pipeline_stages.ts";
import * as m0081 from "#db/migrations/0081_call_attempts.ts";
import * as m0082 from "#db/migrations/0082_assignment.ts";
import * as m0083 from "#db/migrations/0083_assignment.ts";
import * as m0084 from "#db/migrations/0084_callback_alerts.ts";
import * as m0090 from "#db/migrations/0090_loan_products.ts";
import * as m0091 from "#db/migrations/0091_consultation_checks.ts";
import * as m0100 from "#db/migrations/0100_banner_rate_numbers.ts";
import * as m0110 from "#db/migrations/0110_device_cookies.ts";
import * as m0111 from "#db/migrations/0111_sealed_secrets.ts";
import * as m0112 from "#db/migrations/0112_password_link_mail.ts";
import * as m0120 from "#db/migrations/0120_status_links.ts";
import * as m0121 from "#db/migrations/0121_request_sources.ts";
import * as m0122 from "#db/migrations/0122_rights_deadlines.ts";
import * as m0125 from "#db/migrations/0125_business_settings.ts";
import * as m0130 from "#db/migrations/0130_business_calendar.ts";
import * as m0140 from "#db/migrations/0140_legal_versions.ts";
import * as m0150 from "#db/migrations/0150_ad_disclosure.ts";
import * as m0160 from "#db/migrations/0160_home_claims.ts";
import * as m0170 from "#db/migrations/0170_visitor_push.ts";
import * as m0175 from "#db/migrations/0175_lenders.ts";
import * as m0180 from "#db/migrations/0180_legal_texts_from_facts.ts";
import * as m0185 from "#db/migrations/0185_outbox.ts";
import * as m0186 from "#db/migrations/0186_privacy_text_processor.ts";
import * as m0190 from "#db/migrations/0190_phone_codes.ts";
import * as m0191 from "#db/migrations/0191_rights_proven.ts";
import * as m0200 from "#db/migrations/0200_notice_statutes.ts";
import * as m0210 from "#db/migrations/0210_access_records.ts";
import * as m0195 from "#db/migrations/0195_ad_items.ts";
import * as m0205 from "#db/migrations/0205_lender_consents.ts";
import * as m0206 from "#db/migrations/0206_operator_networks.ts";
import * as m0207 from "#db/migrations/0207_privacy_processors.ts";
import * as m0215 from "#db/migrations/0215_downloads.ts";
import * as m0216 from "#db/migrations/0216_breach_incidents.ts";
import * as m0220 from "#db/migrations/0220_lender_consent_withdrawal.ts";

/**
 * Every migration, in order. A static list (not a folder scan) so that the
 * same set runs from the bundled server, the CLI and the tests.
 * Add a new file and a line here; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0010_admin": m0010,
  "0020_alerts": m0020,
  "0030_sign_in_throttle": m0030,
  "0045_privacy_rights": m0045,
  "0046_job_leases": m0046,
  "0050_campaigns": m0050,
  "0060_operator_roles": m0060,
  "0061_two_step": m0061,
  "0062_session_devices": m0062,
  "0065_rate_limits": m0065,
  "0070_native_types": m0070,
  "0080_pipeline_stages": m0080,
  "0081_call_attempts": m0081,
  "0082_assignment": m0082,
  "0083_assignment": m0083,
  "0084_callback_alerts": m0084,
  "0090_loan_products": m0090,
  "0091_consultation_checks": m0091,
  "0100_banner_rate_numbers": m0100,
  "0110_device_cookies": m0110,
  "0111_sealed_secrets": m0111,
  "0112_password_link_mail": m0112,
  "0120_status_links": m0120,
  "0121_request_sources": m0121,
  "0122_rights_deadlines": m0122,
  "0125_business_settings": m0125,
  "0130_business_calendar": m0130,
  "0140_legal_versions": m0140,
  "0150_ad_disclosure": m0150,
  "0160_home_claims": m0160,
  "0170_visitor_push": m0170,
  "0175_lenders": m0175,
  "0180_legal_texts_from_facts": m0180,
  "0185_outbox": m0185,
  "0186_privacy_text_processor": m0186,
  "0190_phone_codes": m0190,
  "0191_rights_proven": m0191,
  "0200_notice_statutes": m0200,
  "0210_access_records": m0210,
  "0195_ad_items": m0195,
  "0205_lender_consents": m0205,
  "0206_operator_networks": m0206,
  "0207_privacy_processors": m0207,
  "0215_downloads": m0215,
  "0216_breach_incidents": m0216,
  "0220_lender_consent_withdrawal": m0220,
};
