import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { UrlField } from "#app/features/console/fields.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import type { AdminBlogLink, BlogLinkError } from "#app/features/blog-links/blog-links.server.ts";
import { Notice, PageTitle, Pager, PostForm } from "#app/features/console/parts.tsx";
import styles from "#app/features/console/console.module.css";

interface BlogLinksData {
  links: AdminBlogLink[];
  total: number;
  page: number;
  pages: number;
}

export type BlogLinksResult = { ok: "added" | "updated" | "deleted"; id?: number } | { error: BlogLinkError; id?: number; url?: string };

/** Add a link by URL (the server reads its title and image), correct or delete items. */
export function BlogLinksPage({ data, result }: { data: BlogLinksData; result?: BlogLinksResult }) {
  const t = useAdminT();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const addError = result && "error" in result && result.id === undefined ? result.error : undefined;
  return (
    <>
      <PageTitle aside={<span className={styles.muted}>{t("blog.count", { count: data.total })}</span>}>{t("blog.title")}</PageTitle>
      <section className={styles.card} aria-labelledby="blog-add">
        <h2 id="blog-add" className={styles.subtitle}>
          {t("blog.addTitle")}
        </h2>
        <p className={styles.muted}>{t("blog.addIntro")}</p>
        {result && "ok" in result && result.ok !== "updated" ? <Notice tone="ok">{t(`blog.done.${result.ok}`)}</Notice> : null}
        <PostForm intent="add" className={styles.inlineForm}>
          <UrlField
            label={t("blog.url")}
            name="url"
            maxLength={2048}
            defaultValue={addError ? (result as { url?: string }).url : undefined}
            error={addError ? t(`blog.error.${addError}`) : undefined}
          />
          <Button type="submit" disabled={adding}>
            {adding ? t("blog.adding") : t("blog.add")}
          </Button>
        </PostForm>
      </section>

      <ul className={styles.blogList}>
        {data.links.map((link) => {
          const itemError = result && "error" in result && result.id === link.id ? result.error : undefined;
          const saved = result && "ok" in result && result.ok === "updated" && result.id === link.id;
          return (
            <li key={link.id} className={styles.card}>
              <div className={styles.blogItem}>
                {link.image ? (
                  <img
                    src={link.image}
                    alt=""
                    width={96}
                    height={72}
                    loading="lazy"
                    decoding="async"
                    className={styles.thumb}
                    referrerPolicy="no-referrer"
                  />
                ) : (
                  <span className={styles.thumb} aria-hidden="true" />
                )}
                <div className={styles.blogText}>
                  <p className={styles.blogTitle}>{link.title ?? <em>{t("blog.noTitle")}</em>}</p>
                  <p className={styles.muted}>
                    {link.domain} · {link.added}
                  </p>
                  <ExternalLink href={link.url} className={styles.url}>
                    {link.url}
                  </ExternalLink>
                </div>
              </div>
              {saved ? <Notice tone="ok">{t("blog.done.updated")}</Notice> : null}
              {/* Keyed by the stored values: after a save it closes and shows them. */}
              <details key={`${link.title}|${link.image}`} className={styles.edit} open={!!itemError}>
                <summary>{t("blog.edit")}</summary>
                {itemError ? <Notice tone="error">{t(`blog.error.${itemError}`)}</Notice> : null}
                <PostForm intent="update" className={styles.stack}>
                  <input type="hidden" name="id" value={link.id} />
                  <TextField
                    label={t("blog.linkTitle")}
                    name="title"
                    defaultValue={link.title ?? ""}
                    maxLength={500}
                    hint={t("blog.titleHint")}
                  />
                  <TextField label={t("blog.image")} name="image" type="url" defaultValue={link.image ?? ""} maxLength={2048} />
                  <Button type="submit" variant="secondary">
                    {t("form.save")}
                  </Button>
                </PostForm>
                <PostForm intent="delete" className={styles.deleteForm}>
                  <input type="hidden" name="id" value={link.id} />
                  <Button type="submit" variant="ghost" className={styles.danger}>
                    {t("blog.delete")}
                  </Button>
                </PostForm>
              </details>
            </li>
          );
        })}
      </ul>
      <Pager page={data.page} pages={data.pages} />
    </>
  );
}
