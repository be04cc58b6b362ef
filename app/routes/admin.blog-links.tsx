import { data } from "react-router";
import type { Route } from "./+types/admin.blog-links";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import {
  addBlogLink,
  BlogLinkProblem,
  deleteBlogLink,
  listAdminBlogLinks,
  updateBlogLink,
} from "#app/features/blog-links/blog-links.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { BlogLinksPage, type BlogLinksResult } from "#app/features/blog-links/BlogLinksPage.tsx";

/** What the public Blogs page shows: administrators only (ADR 0022). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  return { title: consoleTitle(context, "blog.title"), ...(await listAdminBlogLinks(services(context).db, page)) };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form, who } = await consoleForm(request, context, 8 * 1024);
  const { db, log, ogFetchAllowHosts } = services(context);
  const intent = form.get("intent");
  const id = positiveId(form.get("id"));
  try {
    if (intent === "add") {
      const url = form.get("url") ?? "";
      try {
        const link = await addBlogLink(db, url, { allowHosts: ogFetchAllowHosts ?? [] });
        await audit(db, who, "blog_add", { kind: "blog_link", id: link.id }, link.domain);
        return data<BlogLinksResult>({ ok: "added", id: link.id });
      } catch (error) {
        if (error instanceof BlogLinkProblem) {
          log.info("admin.blog_link_refused", { reason: error.code });
          return data<BlogLinksResult>({ error: error.code, url: url.slice(0, 2048) }, { status: 400 });
        }
        throw error;
      }
    }
    if ((intent === "update" || intent === "delete") && id) {
      if (intent === "update") {
        await updateBlogLink(db, id, { title: form.get("title") ?? "", image: form.get("image") ?? "" });
      } else {
        await deleteBlogLink(db, id);
      }
      await audit(db, who, intent === "update" ? "blog_update" : "blog_delete", { kind: "blog_link", id });
      return data<BlogLinksResult>({ ok: intent === "update" ? "updated" : "deleted", id });
    }
  } catch (error) {
    if (error instanceof BlogLinkProblem) return data<BlogLinksResult>({ error: error.code, id: id ?? undefined }, { status: 400 });
    throw error;
  }
  return data<BlogLinksResult>({ error: "missing" }, { status: 400 });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogLinksPage data={loaderData} result={actionData} />;
}
