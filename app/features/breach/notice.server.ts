import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { BusinessIdentity } from "#app/business/identity.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";
import { serverT } from "#app/i18n/catalog.server.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { incidentFor, siteNotices, type Incident } from "#app/features/breach/breach.server.ts";

/**
 * The notice to each person affected (법 제34조①; docs/breach.md), in Korean
 * and the five visitor languages, filled from the incident and the business's
 * settings: what leaked, when and how, what the person can do, what we did and
 * how to get redress, whom to contact, their rights, and the report to the
 * authorities. Korean from the console's catalog (`breachNotice.*`), the
 * others from `locales/<lang>/breach.json` (`notice.*`).
 */
export const NOTICE_LANGS = ["ko", ...LOCALES] as const;
export type NoticeLang = (typeof NOTICE_LANGS)[number];

export interface NoticeText {
  lang: NoticeLang;
  title: string;
  intro: string;
  sections: { heading: string; body: string[] }[];
}

const SECTIONS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"] as const;

function translator(lang: NoticeLang) {
  if (lang === "ko") {
    const t = adminTFor("ko");
    return (key: string, vars?: Record<string, string>) => t(`breachNotice.${key}` as AdminKey, vars);
  }
  return (key: string, vars?: Record<string, string>) => serverT(lang as Locale, `breach.notice.${key}`, vars);
}

export function noticeText(lang: NoticeLang, found: Incident, identity: BusinessIdentity): NoticeText {
  const t = translator(lang);
  const ko = lang === "ko";
  const officer = identity.privacyOfficer;
  const vars = {
    business: ko ? identity.legalNameKo : identity.legalNameEn,
    from: found.periodFrom,
    to: found.periodTo,
    known: found.knownAtSeoul,
    cause: t(`cause.${found.facts.cause}`),
    department: ko ? officer.positionKo || "개인정보 보호책임자" : officer.positionEn || "Privacy Officer",
    phone: officer.phone || identity.phone,
    email: officer.email || identity.email,
    date: found.reportedAt ? seoulDay(found.reportedAt) : "",
  };
  const bodies: Record<(typeof SECTIONS)[number], string[]> = {
    s1: [found.facts.items.map((item) => t(`item.${item}`)).join(", ")],
    s2: [t("s2body", vars), ...(found.facts.detail ? [found.facts.detail] : [])],
    s3: [t("s3body")],
    s4: [...found.facts.measures.map((m) => t(`measure.${m}`)), t("s4body")],
    s5: [t("s5body", vars)],
    s6: [t("s6body")],
    s7: [found.reportedAt ? t("s7reported", vars) : t("s7pending")],
  };
  return {
    lang,
    title: t("title"),
    intro: t("intro", vars),
    sections: SECTIONS.map((s) => ({ heading: t(s), body: bodies[s] })),
  };
}

/** The notice as plain text (to paste into a message or an e-mail). */
export function noticePlain(notice: NoticeText): string {
  return [notice.title, "", notice.intro, "", ...notice.sections.flatMap((s) => [s.heading, ...s.body, ""])].join("\n").trim();
}

/**
 * What the public pages show while a leak's notice is up (시행령 제39조③: 30
 * days at least): the newest notice in the visitor's language, or null.
 */
export async function publicBreachNotice(db: Kysely<Database>, locale: Locale, now = new Date()): Promise<PublicNotice | null> {
  const [latest] = await siteNotices(db, now);
  if (!latest) return null;
  return { date: seoulDay(latest.publishedAt!), text: noticeText(locale, latest, await businessIdentity(db)) };
}

export interface PublicNotice {
  date: string;
  text: NoticeText;
}

/** The banner of a status page whose request falls in a published, open leak; null otherwise. */
export async function statusBreachBanner(
  db: Kysely<Database>,
  kind: string,
  createdAt: string,
  locale: Locale,
): Promise<StatusBanner | null> {
  const found = await incidentFor(db, kind, createdAt);
  if (!found) return null;
  return { known: found.knownAtSeoul, text: noticeText(locale, found, await businessIdentity(db)) };
}

export interface StatusBanner {
  known: string;
  text: NoticeText;
}
