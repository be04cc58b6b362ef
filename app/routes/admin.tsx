import { Outlet, href } from "react-router";
import type { Route } from "./+types/admin";
import { adminMiddleware, adminLang, operatorContext } from "#app/features/console/guards.server.ts";
import { adminMessages } from "#app/features/console/i18n.server.ts";
import type { AdminShellData } from "#app/features/console/i18n.ts";
import { AdminShell } from "#app/features/console/AdminShell.tsx";
import { AdminError } from "#app/features/console/AdminError.tsx";

/**
 * The operator console's layout: its own shell (root renders no visitor
 * chrome for a route whose handle says `ownShell`), the operator's language
 * (ko/en) and session for every /admin request.
 */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export const handle = { ownShell: true };

/** The console is an installable app (issue 12): its manifest and home-screen icon. */
export function links() {
  return [
    { rel: "manifest", href: href("/admin/manifest.webmanifest") },
    { rel: "apple-touch-icon", href: "/images/console/icon-192.png" },
  ];
}

export function loader({ context }: Route.LoaderArgs): AdminShellData {
  const lang = adminLang(context);
  const who = context.get(operatorContext);
  return {
    lang,
    messages: adminMessages(lang),
    operator: who ? { email: who.operator.email, role: who.operator.role } : null,
    csrf: who?.csrf ?? null,
  };
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminShell>
      <AdminError error={error} />
    </AdminShell>
  );
}
