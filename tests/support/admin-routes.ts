/**
 * Every URL of the operator console and who may reach it. Shared by the
 * integration test (which also checks that app/routes.ts has no console route
 * missing from this list) and the browser test (which requests each over HTTP).
 *
 * - page: without a session, a redirect to /admin/sign-in (GET and POST)
 * - data: without a session, 401 (photos, CSV)
 * - public: the sign-in page, the language switch, sign-out (a no-op without a session), a password link
 *
 * `adminOnly`: a signed-in agent gets 403 (page, `.data` and POST alike; ADR 0022).
 * `officerOnly`: the privacy officer's pages; everyone else gets 403 (ADR 0053). The
 * officer is sent from every other page to its review, and refused data (403).
 */
export type Access = "page" | "data" | "public";

export interface ConsoleRoute {
  file: string;
  /** A URL of it; `{consultation}` and `{photo}` are replaced by seeded ids. */
  path: string;
  access: Access;
  /** It has an action: POST is checked too. */
  post?: Record<string, string>;
  adminOnly?: boolean;
  officerOnly?: boolean;
  /** What a signed-in administrator's plain GET gets, when not 200 (a download without its one-time file: 400). */
  signedInStatus?: number;
}

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { file: "routes/admin.sign-in.tsx", path: "/admin/sign-in", access: "public" },
  { file: "routes/admin.sign-in-code.tsx", path: "/admin/sign-in/code", access: "public" },
  { file: "routes/admin.sign-out.ts", path: "/admin/sign-out", access: "public" },
  { file: "routes/admin.lang.ts", path: "/admin/lang", access: "public" },
  { file: "routes/admin.photo.ts", path: "/admin/photos/{photo}", access: "data" },
  { file: "routes/admin.export.ts", path: "/admin/export?file=no-such-file", access: "data", adminOnly: true, signedInStatus: 400 },
  { file: "routes/admin.reports.csv.ts", path: "/admin/reports/pipeline.csv", access: "data", adminOnly: true },
  { file: "routes/admin.reports.tsx", path: "/admin/reports", access: "page", adminOnly: true },
  { file: "routes/admin.password.tsx", path: "/admin/password/no-such-link", access: "public" },
  { file: "routes/admin.inbox.tsx", path: "/admin", access: "page" },
  { file: "routes/admin.calls.tsx", path: "/admin/calls", access: "page", post: { intent: "claim", id: "1" } },
  {
    file: "routes/admin.request.tsx",
    path: "/admin/requests/consultation/{consultation}",
    access: "page",
    post: { status: "closed", note: "hacked" },
  },
  {
    file: "routes/admin.blog-links.tsx",
    path: "/admin/blog-links",
    access: "page",
    post: { intent: "add", url: "https://example.com/" },
    adminOnly: true,
  },
  { file: "routes/admin.banners.tsx", path: "/admin/banners", access: "page" },
  { file: "routes/admin.business.tsx", path: "/admin/business", access: "page", post: { phone: "1577-0000" }, adminOnly: true },
  { file: "routes/admin.go-live.tsx", path: "/admin/go-live", access: "page", adminOnly: true },
  {
    file: "routes/admin.brand.tsx",
    path: "/admin/brand",
    access: "page",
    post: { tiktok: "https://www.tiktok.com/@hacked" },
    adminOnly: true,
  },
  { file: "routes/admin.go-live.findings.ts", path: "/admin/go-live/findings", access: "data", adminOnly: true },
  {
    file: "routes/admin.home-claims.tsx",
    path: "/admin/home-claims",
    access: "page",
    post: { intent: "section", section: "figures", visible: "0" },
    adminOnly: true,
  },
  { file: "routes/admin.home-claims.review.tsx", path: "/admin/home-claims/reviews/1", access: "page", adminOnly: true },
  { file: "routes/admin.campaigns.tsx", path: "/admin/campaigns", access: "page", post: { intent: "delete", id: "1" }, adminOnly: true },
  {
    file: "routes/admin.campaigns.banner.tsx",
    path: "/admin/campaigns/banners/1",
    access: "page",
    post: {
      intent: "publish",
      partner_key: "x",
      title_en: "hacked",
      rate_from: "1",
      rate_date: "2026-01-01",
      link: "https://evil.example.com/",
    },
    adminOnly: true,
  },
  {
    file: "routes/admin.campaigns.popup.tsx",
    path: "/admin/campaigns/popup",
    access: "page",
    post: { intent: "publish", link: "https://evil.example.com/", alt_en: "hacked" },
    adminOnly: true,
  },
  { file: "routes/admin.products.tsx", path: "/admin/products", access: "page", post: { intent: "disable", id: "1" }, adminOnly: true },
  {
    file: "routes/admin.products.edit.tsx",
    path: "/admin/products/1",
    access: "page",
    post: { intent: "publish", name_en: "hacked", rate_max: "19" },
    adminOnly: true,
  },
  {
    file: "routes/admin.products.new.tsx",
    path: "/admin/products/new",
    access: "page",
    post: { partner_key: "hacked", lender_id: "1" },
    adminOnly: true,
  },
  { file: "routes/admin.lenders.tsx", path: "/admin/lenders", access: "page", post: { intent: "delete", id: "1" }, adminOnly: true },
  {
    file: "routes/admin.lenders.edit.tsx",
    path: "/admin/lenders/new",
    access: "page",
    post: { legal_name: "hacked", name_en: "hacked" },
    adminOnly: true,
  },
  {
    file: "routes/admin.lenders.edit.tsx",
    path: "/admin/lenders/1",
    access: "page",
    post: { legal_name: "hacked", name_en: "hacked" },
    adminOnly: true,
  },
  {
    file: "routes/admin.calendar.tsx",
    path: "/admin/calendar",
    access: "page",
    post: { intent: "close", day: "2099-01-01", note: "hacked" },
    adminOnly: true,
  },
  { file: "routes/admin.legal.tsx", path: "/admin/legal", access: "page", post: { intent: "withdraw", id: "1" }, adminOnly: true },
  {
    file: "routes/admin.legal.new.tsx",
    path: "/admin/legal/new?kind=privacy",
    access: "page",
    post: { intent: "save", kind: "privacy", effective_on: "2099-01-01", body_ko: "hacked", body_en: "hacked" },
    adminOnly: true,
  },
  { file: "routes/admin.legal.edit.tsx", path: "/admin/legal/1", access: "page", post: { intent: "withdraw" }, adminOnly: true },
  { file: "routes/admin.privacy.tsx", path: "/admin/privacy", access: "page", post: { id: "1", intent: "erase" }, adminOnly: true },
  {
    file: "routes/admin.downloads.tsx",
    path: "/admin/downloads",
    access: "page",
    post: { intent: "export", kind: "consultation", reason: "hacked export of everything", column: "name" },
    adminOnly: true,
  },
  {
    file: "routes/admin.breach.tsx",
    path: "/admin/breach",
    access: "page",
    post: { intent: "record", known_at: "2026-11-20T10:00", period_from: "2026-11-01", period_to: "2026-11-20", kind: "consultation" },
    adminOnly: true,
  },
  { file: "routes/admin.deadlines.tsx", path: "/admin/deadlines", access: "page", post: { id: "1", method: "phone" }, adminOnly: true },
  { file: "routes/admin.audit.tsx", path: "/admin/audit", access: "page", adminOnly: true },
  {
    file: "routes/admin.access.tsx",
    path: "/admin/access",
    access: "page",
    post: { intent: "sign_off", from: "2026-11-01", to: "2026-11-30", findings: "forged" },
    officerOnly: true,
  },
  {
    file: "routes/admin.destruction.tsx",
    path: "/admin/destruction",
    access: "page",
    post: { intent: "confirm", id: "1" },
    officerOnly: true,
  },
  {
    file: "routes/admin.operators.tsx",
    path: "/admin/operators",
    access: "page",
    post: { intent: "invite", email: "intruder@example.com", role: "admin" },
    adminOnly: true,
  },
  {
    file: "routes/admin.notifications.tsx",
    path: "/admin/notifications",
    access: "page",
    post: { intent: "subscribe", endpoint: "https://push.example.com/x", p256dh: "BAAA", auth: "AAAA" },
  },
  { file: "routes/admin.account.tsx", path: "/admin/account", access: "page", post: { intent: "codes" } },
  { file: "routes/admin.not-found.tsx", path: "/admin/no-such-page", access: "page" },
];

/** Layout routes of the console (no URL of their own). */
export const CONSOLE_LAYOUTS = ["routes/admin.tsx", "routes/admin.console.tsx"];
