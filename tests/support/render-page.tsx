import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData } from "react-router";
import { i18nFor } from "#app/i18n/route.server.ts";
import type { testContext } from "#tests/support/services.ts";

/** What a route module gives: its loader and its page. */
export interface PageModule {
  loader: unknown;
  default: unknown;
}

type Loader = (args: { request: Request; context: unknown; params: Record<string, string> }) => unknown;

/**
 * The text a visitor reads on a public page, rendered on the server as React
 * Router would (the route's loader, then its component under a root that
 * gives the frame's strings), without the frame itself: the HTML's text only.
 * `path` is the query the page is asked with (`/?category=interest`).
 */
export async function pageText(module: PageModule, context: ReturnType<typeof testContext>, path = "/"): Promise<string> {
  const Page = module.default as ComponentType<{ loaderData: unknown }>;
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ i18n: i18nFor(context, ["common", "site"]) }),
      Component: Outlet,
      children: [
        {
          id: "page",
          index: true,
          loader: ({ request }: { request: Request }) => (module.loader as Loader)({ request, context, params: {} }),
          Component: function RoutePage() {
            return createElement(Page, { loaderData: useLoaderData() });
          },
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(`http://localhost${path}`));
  if (result instanceof Response) throw new Error(`the page answered ${result.status}`);
  if (result.errors) throw Object.values(result.errors)[0] as Error;
  const html = renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result, hydrate: false }),
  );
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
