import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every URL of the site. Pages (spec §2) render in the shared layout of
 * root.tsx; `/svc/*` are the JSON API's resource routes (spec §7).
 */
export default [
  index("routes/home.tsx"),
  route("company/about", "routes/company.about.tsx"),
  route("company/our-partners", "routes/company.our-partners.tsx"),
  route("company/contact-us", "routes/company.contact-us.tsx"),
  route("company/location", "routes/company.location.tsx"),
  route("company/hitachi", "routes/company.hitachi.tsx"),
  route("company/hitachi/complete", "routes/company.hitachi.complete.tsx"),
  route("our-products/loan", "routes/our-products.loan.tsx"),
  route("our-products/mobile", "routes/our-products.mobile.tsx"),
  route("our-products/insurance", "routes/our-products.insurance.tsx"),
  route("our-products/repayment-calculator", "routes/our-products.repayment-calculator.tsx"),
  route("our-products/eligibility", "routes/our-products.eligibility.tsx"),
  route("information-service/loan", "routes/information-service.loan.tsx"),
  route("information-service/loan-faq", "routes/information-service.loan-faq.tsx"),
  route("information-service/job-opportunities", "routes/information-service.job-opportunities.tsx"),
  route("information-service/visa", "routes/information-service.visa.tsx"),
  route("information-service/news", "routes/information-service.news.tsx"),
  route("information-service/social-channels", "routes/information-service.social-channels.tsx"),
  route("information-service/blogs", "routes/information-service.blogs.tsx"),
  route("information-service/currency-exchange", "routes/information-service.currency-exchange.tsx"),
  route("loan-consultation", "routes/loan-consultation.tsx"),
  route("loan-consultation-complete", "routes/loan-consultation-complete.tsx"),
  route("privacy-rights", "routes/privacy-rights.tsx"),
  // "Find my request again" (issue 49): a number and a one-time code give that number's status links.
  route("find-my-request", "routes/find-my-request.tsx"),
  // A request's private status page (issue 28): the token is the only key.
  route("status/:token", "routes/status.tsx"),
  // A partner banner's tap, counted by the server (issue 16): 302 to the stored link.
  route("go/:key", "routes/go.ts"),
  // The JSON API (spec §7), one resource route per call.
  route("svc/banner/redirect/logs/create", "routes/svc.banner-redirect-log.ts"),
  route("svc/og/list", "routes/svc.og-list.ts"),
  route("svc/answer/create", "routes/svc.answer.ts"),
  route("svc/proposal/create", "routes/svc.proposal.ts"),
  route("svc/as/create", "routes/svc.as.ts"),
  route("svc/purchase/create", "routes/svc.purchase.ts"),
  route("svc/openapi.json", "routes/svc.openapi.ts"),
  route("svc/*", "routes/svc.not-found.ts"),

  // Campaign images uploaded in the console (issue 14), from the database.
  route("media/campaigns/:name", "routes/media.campaigns.ts"),
  route("media/business/:name", "routes/media.business.ts"),
  route("media/brand/:name", "routes/media.brand.ts"),

  // Search engines.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // The operator console (issue 7), in its own shell (routes/admin.tsx). Pages
  // behind routes/admin.console.tsx redirect to sign-in without a session;
  // its data routes (photos, CSV, posts) answer 401.
  ...prefix("admin", [
    // The console as an installable app with push alerts (issue 12); no session needed to fetch them.
    route("sw.js", "routes/admin.sw.ts"),
    route("manifest.webmanifest", "routes/admin.manifest.ts"),
    layout("routes/admin.tsx", [
      route("sign-in", "routes/admin.sign-in.tsx"),
      route("sign-in/code", "routes/admin.sign-in-code.tsx"),
      route("sign-out", "routes/admin.sign-out.ts"),
      route("lang", "routes/admin.lang.ts"),
      route("photos/:id", "routes/admin.photo.ts"),
      route("export", "routes/admin.export.ts"),
      route("go-live/findings", "routes/admin.go-live.findings.ts"),
      route("reports/pipeline.csv", "routes/admin.reports.csv.ts"),
      route("password/:token", "routes/admin.password.tsx"),
      layout("routes/admin.console.tsx", [
        index("routes/admin.inbox.tsx"),
        route("requests/:kind/:id", "routes/admin.request.tsx"),
        route("calls", "routes/admin.calls.tsx"),
        route("blog-links", "routes/admin.blog-links.tsx"),
        route("campaigns", "routes/admin.campaigns.tsx"),
        route("products", "routes/admin.products.tsx"),
        route("business", "routes/admin.business.tsx"),
        route("brand", "routes/admin.brand.tsx"),
        route("go-live", "routes/admin.go-live.tsx"),
        route("products/new", "routes/admin.products.new.tsx"),
        route("products/:id", "routes/admin.products.edit.tsx"),
        route("lenders", "routes/admin.lenders.tsx"),
        route("lenders/new", "routes/admin.lenders.edit.tsx", { id: "admin-lender-new" }),
        route("lenders/:id", "routes/admin.lenders.edit.tsx"),
        route("calendar", "routes/admin.calendar.tsx"),
        route("home-claims", "routes/admin.home-claims.tsx"),
        route("home-claims/reviews/:id", "routes/admin.home-claims.review.tsx"),
        route("legal", "routes/admin.legal.tsx"),
        route("legal/new", "routes/admin.legal.new.tsx"),
        route("legal/:id", "routes/admin.legal.edit.tsx"),
        route("campaigns/banners/:id", "routes/admin.campaigns.banner.tsx"),
        route("campaigns/popup", "routes/admin.campaigns.popup.tsx"),
        route("banners", "routes/admin.banners.tsx"),
        route("audit", "routes/admin.audit.tsx"),
        route("access", "routes/admin.access.tsx"),
        route("destruction", "routes/admin.destruction.tsx"),
        route("reports", "routes/admin.reports.tsx"),
        route("privacy", "routes/admin.privacy.tsx"),
        route("downloads", "routes/admin.downloads.tsx"),
        route("breach", "routes/admin.breach.tsx"),
        route("deadlines", "routes/admin.deadlines.tsx"),
        route("operators", "routes/admin.operators.tsx"),
        route("account", "routes/admin.account.tsx"),
        route("notifications", "routes/admin.notifications.tsx"),
        route("*", "routes/admin.not-found.tsx"),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
