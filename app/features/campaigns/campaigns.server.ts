import type { Kysely, Selectable } from "kysely";
import type { CampaignBannerTable, CampaignPopupTable, Database } from "#db/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { audit, auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { rateDecimals, rateText } from "#app/loans/rate.ts";
import { formatDay } from "#app/i18n/intl.ts";
import { approvedAt, expiringSoon, type Expiring, type Gap } from "#app/loans/ad-approval.ts";
import {
  adGaps,
  emptyAlt,
  emptyBannerText,
  formatRate,
  isLive,
  type BannerRate,
  type BannerTexts,
  type PopupAlts,
  type PopupEvent,
  type PublicCampaigns,
} from "#app/features/campaigns/model.ts";
import { inLocale, missingLocales, parsePerLocale } from "#app/i18n/per-locale.ts";
import { isEvent, localeField, type BannerInput, type PopupInput } from "#app/features/campaigns/schema.ts";
import { kstToUtc } from "#app/lib/seoul-time.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { removeUnusedImages } from "#app/features/campaigns/images.server.ts";

/**
 * The campaigns (issue 14): what the home page shows, and every change an
 * operator makes in the console. Each change runs in one transaction with
 * its audit rows and the content version (content-version.server.ts).
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;
type BannerRow = Selectable<CampaignBannerTable>;
type PopupRow = Selectable<CampaignPopupTable>;
/** A banner's and the popup's columns as a loan ad (issue 35). */
type AdColumn = "product_key" | "confirm_no" | "confirm_until" | "review_no" | "review_until";

export type CampaignError = "missing" | "key_taken" | "image_required" | "unapproved";
export class CampaignProblem extends CodedError<CampaignError> {
  /** With `unapproved`: what the ad lacks, by the form's field names. */
  readonly gaps: Gap[];
  constructor(code: CampaignError, gaps: Gap[] = []) {
    super(code);
    this.gaps = gaps;
  }
}

/**
 * Refuses to publish an ad (or to keep one published) that lacks its
 * approvals or whose approvals ran out, or whose product does not exist
 * (issue 35). The product is looked up in its table by key: the campaigns
 * stand beside the products, not above them.
 */
export async function publicationGaps(db: Db, row: Parameters<typeof adGaps>[0], now: Date): Promise<Gap[]> {
  const gaps = adGaps(row, now);
  const key = row.product_key;
  if (key && !(await db.selectFrom("loan_products").select("id").where("partner_key", "=", key).executeTakeFirst()))
    gaps.unshift({ field: "product_key", problem: "unknown" });
  return gaps;
}

async function assertPublishable(trx: Db, row: Parameters<typeof adGaps>[0], now: Date): Promise<void> {
  const gaps = await publicationGaps(trx, row, now);
  if (gaps.length) throw new CampaignProblem("unapproved", gaps);
}

const adColumns = (input: BannerInput | PopupInput) => ({
  product_key: input.product_key || null,
  confirm_no: input.confirm_no || null,
  confirm_until: input.confirm_until || null,
  review_no: input.review_no || null,
  review_until: input.review_until || null,
  sample: 0,
});

function parseTexts(json: string): BannerTexts {
  const raw = JSON.parse(json) as Partial<BannerTexts>;
  return Object.fromEntries(LOCALES.map((l) => [l, { title: raw[l]?.title ?? "", description: raw[l]?.description ?? "" }])) as BannerTexts;
}

/** The stored rate's numbers, or null for a text migration 0100 could not read. */
function rateOf(row: Pick<BannerRow, "rate_from_bp" | "rate_to_bp" | "rate_from_decimals" | "rate_to_decimals">): BannerRate | null {
  if (row.rate_from_bp === null || row.rate_to_bp === null) return null;
  return {
    fromBp: row.rate_from_bp,
    toBp: row.rate_to_bp,
    fromDecimals: row.rate_from_decimals ?? 0,
    toDecimals: row.rate_to_decimals ?? 0,
  };
}

/**
 * The rate as `locale` writes it; a text without numbers as it was typed. The
 * console shows the decimals the operator typed (13.00%); the home page as
 * few as the value needs (13%), the form of the disclosure under the banner,
 * so that one card never shows "13.00%" beside "13%" (issue 50, X3).
 */
function rateIn(locale: Locale | "ko", row: BannerRow, form: "typed" | "card" = "typed"): string {
  const rate = rateOf(row);
  if (!rate) return row.rate_text;
  return formatRate(
    locale,
    form === "typed" ? rate : { ...rate, fromDecimals: rateDecimals(rate.fromBp), toDecimals: rateDecimals(rate.toBp) },
  );
}

const approvalOf = (row: Pick<BannerRow, AdColumn>) => ({
  confirmNo: row.confirm_no ?? "",
  confirmUntil: row.confirm_until ?? "",
  reviewNo: row.review_no ?? "",
  reviewUntil: row.review_until ?? "",
});

/** The popup's event in `locale` (its terms, else the English ones), or null when it announces none. */
function popupEvent(row: Pick<PopupRow, "event_terms" | "event_from" | "event_until">, locale: Locale): PopupEvent | null {
  if (!row.event_terms || !row.event_from || !row.event_until) return null;
  const terms = inLocale(parsePerLocale(row.event_terms), locale, emptyAlt);
  return terms ? { terms, from: formatDay(locale, row.event_from), until: formatDay(locale, row.event_until) } : null;
}

/** What the home page shows now, in `locale`; with `preview`, drafts too (signed-in operators only). */
export async function publicCampaigns(db: Db, locale: Locale, now = new Date(), preview = false): Promise<PublicCampaigns> {
  const rows = await db.selectFrom("campaign_banners").selectAll().orderBy("position").orderBy("id").execute();
  const banners = rows
    .filter((row) => isLive(row, now, preview) && (preview || (!!row.product_key && approvedAt(row, now))))
    .map((row) => {
      const texts = parseTexts(row.texts);
      const english = texts.en;
      const own = inLocale(texts, locale, emptyBannerText) ?? english;
      return {
        key: row.partner_key,
        title: own.title,
        description: own === english ? english.description : own.description || english.description,
        rate: rateIn(locale, row, "card"),
        rateDate: row.rate_date,
        rateDay: formatDay(locale, row.rate_date),
        link: row.link,
        image: row.image,
        image2x: row.image_2x,
        productKey: row.product_key ?? "",
        approval: approvalOf(row),
        lender: "",
      };
    });
  const popupRow = await db.selectFrom("campaign_popup").selectAll().orderBy("id").executeTakeFirst();
  const popup =
    popupRow && isLive(popupRow, now, preview) && (preview || (!!popupRow.product_key && approvedAt(popupRow, now)))
      ? {
          productKey: popupRow.product_key ?? "",
          approval: approvalOf(popupRow),
          link: popupRow.link,
          image: popupRow.image,
          image2x: popupRow.image_2x,
          alt: inLocale(parsePerLocale(popupRow.alts), locale, emptyAlt) ?? "",
          event: popupEvent(popupRow, locale),
        }
      : null;
  return { banners, popup };
}

/** Is this the link of a banner that exists (the redirect log records only those)? */
export async function isCampaignBanner(db: Db, partnerKey: string, link: string): Promise<boolean> {
  const row = await db
    .selectFrom("campaign_banners")
    .select("id")
    .where("partner_key", "=", partnerKey)
    .where("link", "=", link)
    .executeTakeFirst();
  return !!row;
}

/** The partner keys in display order (the banner statistics' columns). */
export async function bannerKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("campaign_banners").select("partner_key").orderBy("position").orderBy("id").execute();
  return rows.map((r) => r.partner_key);
}

/** What a banner and the popup share in the console: link, image, time window, switches, whether it shows now. */
interface AdminCampaign {
  link: string;
  image: string;
  image2x: string | null;
  activeFrom: string | null;
  activeUntil: string | null;
  enabled: boolean;
  published: boolean;
  /** Shown on the home page right now. */
  live: boolean;
  productKey: string;
  confirmNo: string;
  confirmUntil: string;
  reviewNo: string;
  reviewUntil: string;
  /** Approvals running out within 14 days (a published ad only). */
  expiring: Expiring[];
  sample: boolean;
}

function adminCampaign(row: BannerRow | PopupRow, now: Date): AdminCampaign {
  return {
    productKey: row.product_key ?? "",
    confirmNo: row.confirm_no ?? "",
    confirmUntil: row.confirm_until ?? "",
    reviewNo: row.review_no ?? "",
    reviewUntil: row.review_until ?? "",
    expiring: row.enabled && row.published ? expiringSoon(row, now) : [],
    sample: !!row.sample,
    link: row.link,
    image: row.image,
    image2x: row.image_2x,
    activeFrom: row.active_from,
    activeUntil: row.active_until,
    enabled: !!row.enabled,
    published: !!row.published,
    live: isLive(row, now) && approvedAt(row, now) && !!row.product_key,
  };
}

export interface AdminBanner extends AdminCampaign {
  id: number;
  key: string;
  texts: BannerTexts;
  /** Languages showing the English text. */
  missing: Locale[];
  /** The rate as the console shows it (13.00%–19.9%). */
  rate: string;
  /** The two ends as the form shows them (`13.00`, `19.9`); empty for a rate stored as text only. */
  rateFrom: string;
  rateTo: string;
  rateDate: string;
}

function adminBanner(row: BannerRow, now: Date): AdminBanner {
  const texts = parseTexts(row.texts);
  const rate = rateOf(row);
  return {
    ...adminCampaign(row, now),
    id: row.id,
    key: row.partner_key,
    texts,
    missing: missingLocales(texts, emptyBannerText),
    rate: rateIn("ko", row),
    rateFrom: rate ? rateText(rate.fromBp, rate.fromDecimals) : "",
    rateTo: rate && rate.toBp !== rate.fromBp ? rateText(rate.toBp, rate.toDecimals) : "",
    rateDate: row.rate_date,
  };
}

export interface AdminPopup extends AdminCampaign {
  alts: PopupAlts;
  /** The event's terms per language and its first and last day ("" when none). */
  eventTerms: PopupAlts;
  eventFrom: string;
  eventUntil: string;
  /** Languages showing the English text. */
  missing: Locale[];
}

function adminPopup(row: PopupRow, now: Date): AdminPopup {
  const alts = parsePerLocale(row.alts);
  return {
    ...adminCampaign(row, now),
    alts,
    missing: missingLocales(alts, emptyAlt),
    eventTerms: parsePerLocale(row.event_terms ?? "{}"),
    eventFrom: row.event_from ?? "",
    eventUntil: row.event_until ?? "",
  };
}

export async function listBanners(db: Db, now = new Date()): Promise<AdminBanner[]> {
  const rows = await db.selectFrom("campaign_banners").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map((row) => adminBanner(row, now));
}

export async function findBanner(db: Db, id: number, now = new Date()): Promise<AdminBanner | null> {
  const row = await db.selectFrom("campaign_banners").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? adminBanner(row, now) : null;
}

export async function findPopup(db: Db, now = new Date()): Promise<AdminPopup | null> {
  const row = await db.selectFrom("campaign_popup").selectAll().orderBy("id").executeTakeFirst();
  return row ? adminPopup(row, now) : null;
}

function flatBanner(
  row: Pick<
    BannerRow,
    | "partner_key"
    | "texts"
    | "rate_text"
    | "rate_date"
    | "link"
    | "image"
    | "active_from"
    | "active_until"
    | "enabled"
    | "published"
    | AdColumn
  >,
) {
  const texts = parseTexts(row.texts);
  return {
    partner_key: row.partner_key,
    ...Object.fromEntries(
      LOCALES.flatMap((l) => [
        [`title_${l}`, texts[l].title],
        [`description_${l}`, texts[l].description],
      ]),
    ),
    rate_text: row.rate_text,
    rate_date: row.rate_date,
    link: row.link,
    image: row.image,
    active_from: row.active_from ?? "",
    active_until: row.active_until ?? "",
    enabled: row.enabled ? "on" : "off",
    published: row.published ? "yes" : "draft",
    ...flatAd(row),
  };
}

function flatAd(row: Pick<BannerRow, AdColumn>) {
  return {
    product_key: row.product_key ?? "",
    confirm_no: row.confirm_no ?? "",
    confirm_until: row.confirm_until ?? "",
    review_no: row.review_no ?? "",
    review_until: row.review_until ?? "",
  };
}

function bannerValues(input: BannerInput) {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, { title: input[localeField("title", l)], description: input[localeField("description", l)] }]),
  );
  // The schema requires the lowest end; an empty highest end is one rate.
  const from = input.rate_from!;
  const to = input.rate_to ?? from;
  const rate = { fromBp: from.bp, toBp: to.bp, fromDecimals: from.decimals, toDecimals: to.decimals };
  return {
    partner_key: input.partner_key,
    texts: JSON.stringify(texts),
    rate_text: formatRate("ko", rate),
    rate_from_bp: rate.fromBp,
    rate_to_bp: rate.toBp,
    rate_from_decimals: rate.fromDecimals,
    rate_to_decimals: rate.toDecimals,
    rate_date: input.rate_date,
    link: input.link,
    active_from: kstToUtc(input.active_from),
    active_until: kstToUtc(input.active_until),
    enabled: input.enabled ? 1 : 0,
    ...adColumns(input),
  };
}

/**
 * Creates (id null) or changes a banner. `image` is the new upload's URLs
 * (1×, 2×), if any; a new banner needs one. `publish`: live at once, else a
 * draft (a new banner), or (an edit) its state stays.
 */
export async function saveBanner(
  db: Db,
  who: Who,
  id: number | null,
  input: BannerInput,
  options: { image?: string[]; publish: boolean },
  now = new Date(),
): Promise<{ id: number; published: boolean }> {
  const values = bannerValues(input);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // The key never changes once the banner exists (the statistics are kept by it).
    const taken =
      id === null &&
      (await trx.selectFrom("campaign_banners").select("id").where("partner_key", "=", values.partner_key).executeTakeFirst());
    if (taken) throw new CampaignProblem("key_taken");
    const image = options.image ? { image: options.image[0]!, image_2x: options.image[1] ?? null } : {};
    if (id === null) {
      if (!options.image) throw new CampaignProblem("image_required");
      if (options.publish && values.enabled) await assertPublishable(trx, values, now);
      const last = await trx
        .selectFrom("campaign_banners")
        .select((eb) => eb.fn.max("position").as("p"))
        .executeTakeFirst();
      const row = await trx
        .insertInto("campaign_banners")
        .values({
          ...values,
          image: options.image[0]!,
          image_2x: options.image[1] ?? null,
          published: options.publish ? 1 : 0,
          position: Number(last?.p ?? 0) + 1,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await auditChange(
        trx,
        who,
        "campaign_create",
        { kind: "banner", id: row.id },
        describeChanges({}, flatBanner({ ...values, image: options.image[0]!, published: options.publish ? 1 : 0 })),
        now,
      );
      await bumpContentVersion(trx, now);
      return { id: row.id, published: options.publish };
    }
    const before = await trx.selectFrom("campaign_banners").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new CampaignProblem("missing");
    const published = options.publish ? 1 : before.published;
    if (published && values.enabled) await assertPublishable(trx, values, now);
    await trx
      .updateTable("campaign_banners")
      .set({ ...values, partner_key: before.partner_key, ...image, published, updated_at: at })
      .where("id", "=", id)
      .execute();
    const after = { ...before, ...values, partner_key: before.partner_key, ...image, published };
    const changes = describeChanges(flatBanner(before), flatBanner(after));
    const publishing = !before.published && published;
    if (changes.some((c) => !c.startsWith("published:")) || !publishing)
      await auditChange(
        trx,
        who,
        "campaign_update",
        { kind: "banner", id },
        changes.filter((c) => !c.startsWith("published:")),
        now,
      );
    if (publishing) await audit(trx, who, "campaign_publish", { kind: "banner", id }, `${before.partner_key}: draft → published`, now);
    await bumpContentVersion(trx, now);
    if (options.image) await removeUnusedImages(trx, [before.image, before.image_2x]);
    return { id, published: !!publishing };
  });
}

/** Publishes a draft banner. */
export async function publishBanner(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("campaign_banners").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new CampaignProblem("missing");
    if (row.published) return;
    await assertPublishable(trx, row, now);
    await trx.updateTable("campaign_banners").set({ published: 1, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await audit(trx, who, "campaign_publish", { kind: "banner", id }, `${row.partner_key}: draft → published`, now);
    await bumpContentVersion(trx, now);
  });
}

/** Switches a banner on or off. */
export async function setBannerEnabled(db: Db, who: Who, id: number, enabled: boolean, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("campaign_banners").select(["partner_key", "enabled"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new CampaignProblem("missing");
    if (!!row.enabled === enabled) return;
    await trx
      .updateTable("campaign_banners")
      .set({ enabled: enabled ? 1 : 0, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      who,
      "campaign_update",
      { kind: "banner", id },
      `${row.partner_key}: enabled: "${row.enabled ? "on" : "off"}" → "${enabled ? "on" : "off"}"`,
      now,
    );
    await bumpContentVersion(trx, now);
  });
}

/** Moves a banner one place up or down; the audit row lists the order before and after. */
export async function moveBanner(db: Db, who: Who, id: number, direction: "up" | "down", now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("campaign_banners").select(["id", "partner_key"]).orderBy("position").orderBy("id").execute();
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0) throw new CampaignProblem("missing");
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const order = [...rows];
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [i, row] of order.entries())
      await trx
        .updateTable("campaign_banners")
        .set({ position: i + 1 })
        .where("id", "=", row.id)
        .execute();
    const keys = (list: typeof rows) => list.map((r) => r.partner_key).join(", ");
    await audit(trx, who, "campaign_reorder", { kind: "banner", id }, `order: ${keys(rows)} → ${keys(order)}`.slice(0, 500), now);
    await bumpContentVersion(trx, now);
  });
}

export async function deleteBanner(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("campaign_banners").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new CampaignProblem("missing");
    await trx.deleteFrom("campaign_banners").where("id", "=", id).execute();
    const title = parseTexts(row.texts).en.title;
    await audit(
      trx,
      who,
      "campaign_delete",
      { kind: "banner", id },
      `${row.partner_key}: "${title}", "${row.rate_text}" (${row.rate_date})`.slice(0, 500),
      now,
    );
    await bumpContentVersion(trx, now);
    await removeUnusedImages(trx, [row.image, row.image_2x]);
  });
}

function flatPopup(
  row: Pick<
    PopupRow,
    | "link"
    | "image"
    | "alts"
    | "active_from"
    | "active_until"
    | "enabled"
    | "published"
    | "event_terms"
    | "event_from"
    | "event_until"
    | AdColumn
  >,
) {
  const alts = parsePerLocale(row.alts);
  const terms = parsePerLocale(row.event_terms ?? "{}");
  return {
    link: row.link,
    image: row.image,
    ...Object.fromEntries(LOCALES.map((l) => [`alt_${l}`, alts[l]])),
    ...Object.fromEntries(LOCALES.map((l) => [`event_terms_${l}`, terms[l]])),
    event_from: row.event_from ?? "",
    event_until: row.event_until ?? "",
    active_from: row.active_from ?? "",
    active_until: row.active_until ?? "",
    enabled: row.enabled ? "on" : "off",
    published: row.published ? "yes" : "draft",
    ...flatAd(row),
  };
}

/** Changes the event popup (`publish`: live at once, else a draft until published). */
export async function savePopup(
  db: Db,
  who: Who,
  input: PopupInput,
  options: { image?: string[]; publish: boolean },
  now = new Date(),
): Promise<{ published: boolean }> {
  const alts = Object.fromEntries(LOCALES.map((l) => [l, input[localeField("alt", l)]]));
  const event = isEvent(input);
  const values = {
    link: input.link,
    alts: JSON.stringify(alts),
    event_terms: event ? JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, input[localeField("event_terms", l)]]))) : null,
    event_from: event ? input.event_from : null,
    event_until: event ? input.event_until : null,
    active_from: kstToUtc(input.active_from),
    active_until: kstToUtc(input.active_until),
    enabled: input.enabled ? 1 : 0,
    published: options.publish ? 1 : 0,
    updated_at: now.toISOString(),
    ...(options.image ? { image: options.image[0]!, image_2x: options.image[1] ?? null } : {}),
    ...adColumns(input),
  };
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("campaign_popup").selectAll().orderBy("id").executeTakeFirst();
    if (!before) throw new CampaignProblem("missing");
    // Switched off, it shows nothing: its approvals are checked when it is switched on and published again.
    if (values.published && values.enabled) await assertPublishable(trx, values, now);
    await trx.updateTable("campaign_popup").set(values).where("id", "=", before.id).execute();
    const changes = describeChanges(flatPopup(before), flatPopup({ ...before, ...values }));
    const publishing = !before.published && values.published;
    const edits = changes.filter((c) => !c.startsWith("published:"));
    if (edits.length || !publishing) await auditChange(trx, who, "campaign_update", { kind: "popup", id: before.id }, changes, now);
    if (publishing) await audit(trx, who, "campaign_publish", { kind: "popup", id: before.id }, "popup: draft → published", now);
    await bumpContentVersion(trx, now);
    if (options.image) await removeUnusedImages(trx, [before.image, before.image_2x]);
    return { published: !!publishing };
  });
}
