import { Link, href } from "react-router";
import { TextField, Checkbox, SelectField } from "#app/ui/Field.tsx";
import { ApprovalFields } from "#app/features/console/ad-approval.tsx";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice } from "#app/features/console/parts.tsx";
import { UrlField } from "#app/features/console/fields.tsx";
import type { CampaignFormResult } from "#app/features/campaigns/actions.server.ts";
import { LINK_MAX } from "#app/features/campaigns/schema.ts";
import { utcToKst } from "#app/lib/seoul-time.ts";
import type { useFieldProps } from "#app/features/console/locale-fields.tsx";
import styles from "./campaigns.module.css";

/**
 * Pieces of the console's campaign forms: the time window, the link, the
 * image and the save buttons (the per-language texts are the console's kit,
 * app/features/console/locale-fields.tsx). Every error is a console catalog
 * key; a refused form shows the values sent.
 */
/** The state of a banner or popup, as a badge. */
export function StateBadge({ item }: { item: { enabled: boolean; published: boolean; live: boolean } }) {
  const t = useAdminT();
  const state = !item.published ? "draft" : !item.enabled ? "off" : item.live ? "live" : "waiting";
  return <span className={`${styles.state} ${styles[`state_${state}`]}`}>{t(`campaigns.state.${state}`)}</span>;
}

export function WindowText({ from, until }: { from: string | null; until: string | null }) {
  const t = useAdminT();
  const show = (iso: string | null) => (iso ? utcToKst(iso).replace("T", " ") : t("campaigns.open"));
  return <>{t("campaigns.window", { from: show(from), until: show(until) })}</>;
}

/** The partner's or the event's link: https only (the schema says so on the server). */
export function LinkField({ field }: { field: ReturnType<typeof useFieldProps> }) {
  const t = useAdminT();
  return <UrlField label={t("campaigns.field.link")} maxLength={LINK_MAX} {...field("link")} />;
}

/** Active from / until (KST, either may be empty) and the on/off switch. */
export function WindowFields({ field, enabled }: { field: ReturnType<typeof useFieldProps>; enabled: boolean }) {
  const t = useAdminT();
  return (
    <>
      <div className={styles.row}>
        <TextField
          label={t("campaigns.field.from")}
          type="datetime-local"
          hint={t("campaigns.field.windowHint")}
          {...field("active_from")}
        />
        <TextField label={t("campaigns.field.until")} type="datetime-local" {...field("active_until")} />
      </div>
      <Checkbox label={t("campaigns.field.enabled")} name="enabled" defaultChecked={enabled} />
    </>
  );
}

export function ImageField({
  box,
  current,
  error,
  required,
}: {
  box: { width: number; height: number };
  current?: string;
  error?: string;
  required?: boolean;
}) {
  const t = useAdminT();
  return (
    <>
      {current ? <img src={current} alt="" width={box.width / 2} height={box.height / 2} className={styles.current} /> : null}
      <TextField
        label={t("campaigns.field.image")}
        name="image"
        type="file"
        accept="image/*"
        required={required}
        requiredLabel={t("form.required")}
        hint={`${t("campaigns.field.imageHint", box)}${current ? ` ${t("campaigns.field.imageKeep")}` : ""}`}
        error={error ? t(error as AdminKey) : undefined}
      />
    </>
  );
}

/** Top of a form: the result of the last save, or why nothing was saved. */
export function FormNotice({ result }: { result: CampaignFormResult | undefined }) {
  const t = useAdminT();
  if (!result) return null;
  if ("ok" in result) return <Notice tone="ok">{t(`campaigns.done.${result.ok}`)}</Notice>;
  return <Notice tone="error">{t("campaigns.errorSummary")}</Notice>;
}

/** A published item saves live; a draft (or a new item) may stay a draft or be published. */
export function SaveButtons({ published, busy }: { published: boolean; busy: boolean }) {
  const t = useAdminT();
  return (
    <div className={styles.buttons}>
      {published ? (
        <Button type="submit" name="intent" value="publish" disabled={busy}>
          {t("campaigns.save")}
        </Button>
      ) : (
        <>
          <Button type="submit" name="intent" value="publish" disabled={busy}>
            {t("campaigns.savePublish")}
          </Button>
          <Button type="submit" name="intent" value="draft" variant="secondary" disabled={busy}>
            {t("campaigns.saveDraft")}
          </Button>
        </>
      )}
      <Link to={href("/admin/campaigns")}>{t("campaigns.back")}</Link>
    </div>
  );
}

/** A product a banner or the popup may advertise (the route lists them from the Products page). */
export interface ProductChoice {
  key: string;
  name: string;
}

/**
 * A banner's or the popup's part as a loan ad (issue 35): the product it
 * advertises (its page carries the full disclosure) and the ad's own
 * approvals. Publishing refuses without them.
 */
export function AdFields({ field, products }: { field: ReturnType<typeof useFieldProps>; products: readonly ProductChoice[] }) {
  const t = useAdminT();
  return (
    <>
      <SelectField label={t("campaigns.field.product")} hint={t("campaigns.field.productHint")} {...field("product_key")}>
        <option value="">{t("products.field.choose")}</option>
        {products.map((p) => (
          <option key={p.key} value={p.key}>
            {p.name} ({p.key})
          </option>
        ))}
      </SelectField>
      <ApprovalFields field={field} />
    </>
  );
}
