import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { BrandMark } from "#app/ui/BrandMark.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { FieldGroup } from "#app/features/console/fields.tsx";
import { BLOG_PLATFORMS, BRAND_IMAGES, CHAT_CHANNELS, SOCIAL_AUDIENCES, type Brand, type BrandImage } from "#app/business/brand.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import type { BrandResult } from "#app/features/brand-settings/actions.server.ts";
import { IMAGE_ACCEPT, UploadForm } from "#app/features/console/upload-form.tsx";
import admin from "#app/features/console/console.module.css";
import styles from "./brand.module.css";

type Group = { legend: AdminKey; hint?: AdminKey; fields: string[]; kind: "text" | "url" };

/** The links form's groups, in order; each field's label is `brand.field.<name>`. */
const GROUPS: Group[] = [
  { legend: "brand.group.names", fields: ["issuer", "api_title"], kind: "text" },
  { legend: "brand.group.chat", hint: "brand.group.chatHint", fields: CHAT_CHANNELS.map((c) => `chat_${c}`), kind: "url" },
  {
    legend: "brand.group.social",
    hint: "brand.group.linksHint",
    fields: [...SOCIAL_AUDIENCES.map((a) => `facebook_${a}`), ...SOCIAL_AUDIENCES.map((a) => `instagram_${a}`), "tiktok"],
    kind: "url",
  },
  { legend: "brand.group.blogs", hint: "brand.group.linksHint", fields: BLOG_PLATFORMS.map((p) => `blog_${p}`), kind: "url" },
  {
    legend: "brand.group.links",
    hint: "brand.group.linksHint",
    fields: ["visa_support", "community_news", "exchange_service", "exchange_reservation"],
    kind: "url",
  },
];

const HINTS: Partial<Record<string, AdminKey>> = {
  issuer: "brand.field.issuerHint",
  api_title: "brand.field.apiTitleHint",
  chat_kakaotalk: "brand.field.kakaotalkHint",
  chat_zalo: "brand.field.zaloHint",
};

/**
 * The console's Brand page (issue 47, item 3; administrators): the header
 * mark, favicon and share card, the authenticator issuer and API title, and
 * the links the public pages show (chat channels, social channels, blogs,
 * visa, news and exchange sites). A refused save keeps what was typed, with
 * each field's message beside it, and changes nothing.
 */
export function BrandPage({
  stored,
  brand,
  tradeName,
  result,
}: {
  stored: Record<string, string>;
  brand: Brand;
  tradeName: string;
  result?: BrandResult;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result);
  const field = useFieldProps(state, stored);
  return (
    <>
      <PageTitle>{t("brand.title")}</PageTitle>
      <p className={admin.muted}>{t("brand.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t(`brand.done.${result.ok}`)}</Notice> : null}
      {state || (result && "imageError" in result) ? <Notice tone="error">{t("brand.errorSummary")}</Notice> : null}
      {BRAND_IMAGES.map((kind) => (
        <ImageForm
          key={kind}
          kind={kind}
          url={brand[kind]}
          busy={busy}
          error={result && "imageError" in result && result.kind === kind ? t(result.imageError) : undefined}
        />
      ))}
      <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
        {GROUPS.map((group) => (
          <FieldGroup key={group.legend} legend={t(group.legend)} hint={group.hint ? t(group.hint) : undefined}>
            {group.fields.map((name) => {
              const hint = HINTS[name];
              return (
                <TextField
                  key={name}
                  label={t(`brand.field.${name}` as AdminKey)}
                  hint={hint ? t(hint, { tradeName }) : undefined}
                  type={group.kind}
                  inputMode={group.kind === "url" ? "url" : undefined}
                  {...field(name)}
                />
              );
            })}
          </FieldGroup>
        ))}
        <div className={admin.toolbar}>
          <Button type="submit" disabled={busy}>
            {t("form.save")}
          </Button>
        </div>
      </PostForm>
    </>
  );
}

/** One image: what the site shows now, a new file, and the way back to the sample. */
function ImageForm({ kind, url, busy, error }: { kind: BrandImage; url: string; busy: boolean; error?: string }) {
  const t = useAdminT();
  const isSample = url === SAMPLE_BRAND[kind];
  const preview =
    kind === "logo" ? (
      <BrandMark src={url} size={48} />
    ) : (
      <img src={url} alt="" className={kind === "shareCard" ? styles.card : styles.icon} decoding="async" />
    );
  return (
    <section className={`${admin.card} ${admin.stack}`} aria-labelledby={`brand-${kind}`}>
      <h2 id={`brand-${kind}`} className={admin.subtitle}>
        {t(`brand.image.${kind}`)}
      </h2>
      <div className={styles.current}>
        {preview}
        <span className={admin.muted}>{t(isSample ? "brand.image.sample" : "brand.image.own")}</span>
      </div>
      <UploadForm
        name="image"
        label={t(`brand.image.${kind}File`)}
        hint={t(`brand.image.${kind}Hint`)}
        accept={IMAGE_ACCEPT}
        error={error}
        submit={t(`brand.image.${kind}Upload`)}
      >
        <input type="hidden" name="kind" value={kind} />
      </UploadForm>
      {isSample ? null : (
        <PostForm intent="reset" noValidate>
          <input type="hidden" name="kind" value={kind} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {t(`brand.image.${kind}Reset`)}
          </Button>
        </PostForm>
      )}
    </section>
  );
}
