import { ORIGIN, callRoute, get } from "#tests/support/admin.ts";
import { multipartRequest } from "#tests/support/multipart.ts";
import type { TestServices } from "#tests/support/services.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import * as lenderEdit from "#app/routes/admin.lenders.edit.tsx";
import * as productsList from "#app/routes/admin.products.tsx";
import * as productNew from "#app/routes/admin.products.new.tsx";
import * as productEdit from "#app/routes/admin.products.edit.tsx";
import * as campaigns from "#app/routes/admin.campaigns.tsx";
import * as popupRoute from "#app/routes/admin.campaigns.popup.tsx";

/**
 * A broker replacing a fresh install's sample ads through the console's own
 * actions, as an administrator's browser posts them (issue 47): its lender
 * and product added and published with its own approvals, the sample
 * products retired, the sample banners deleted, the sample popup taken down.
 * No SQL: the tests of the go-live path prove the person's path.
 */
export interface Admin {
  services: TestServices;
  cookie: string;
  csrf: string;
}

export function postForm(path: string, fields: [string, string][], cookie: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A product form as the console posts it, repeated checkboxes split out. */
export function productForm(values: Record<string, string>, csrf: string): [string, string][] {
  return Object.entries({ ...values, csrf }).flatMap(([name, value]) =>
    ["methods", "visas", "employment_kinds"].includes(name) ? value.split(",").map((v): [string, string] => [name, v]) : [[name, value]],
  );
}

export const send = (admin: Admin, module: Parameters<typeof callRoute>[0], path: string, fields: Record<string, string>, params = {}) =>
  callRoute(module, "guarded", postForm(path, Object.entries({ ...fields, csrf: admin.csrf }), admin.cookie), admin.services, params);

const idIn = (response: Response, path: string) => Number(new RegExp(`${path}/(\\d+)`).exec(response.headers.get("location") ?? "")?.[1]);

/** The business's own lender and product, with real approvals. */
export const OWN_LENDER = { legal_name: "주식회사 한빛저축은행", name_en: "Hanbit Savings Bank", name_vi: "Ngân hàng tiết kiệm Hanbit" };
export const OWN_APPROVALS = { confirm_no: "2026-123", confirm_until: "2027-06-30", review_no: "2026-045", review_until: "2027-06-30" };
export const OWN_PRODUCT = {
  name_en: "Foreign worker credit loan",
  name_vi: "",
  name_id: "",
  name_my: "",
  name_mn: "",
  amount_min: "1000000",
  amount_max: "10000000",
  rate_min: "9.90",
  rate_max: "15.90",
  rate_basis: "대출 실행일의 금융채 금리에 가산금리를 더하여 산정",
  credit_standard: "개인신용평점(NICE) 600점 이상",
  official_name: "외국인 근로자 신용대출",
  effective_from: "",
};

/** The live form of the first product: the fields every product form carries. */
export async function sampleProductForm(admin: Admin): Promise<Record<string, string>> {
  const products = (await (await callRoute(productsList, "guarded", get("/admin/products", admin.cookie), admin.services)).json()) as {
    products: { id: number; live: Record<string, string> | null }[];
  };
  return products.products.find((p) => p.live)!.live!;
}

export async function addLender(admin: Admin, lender: Record<string, string> = OWN_LENDER): Promise<number> {
  return idIn(await send(admin, lenderEdit, "/admin/lenders/new", lender), "/admin/lenders");
}

export async function addProduct(admin: Admin, partnerKey: string, lenderId: number): Promise<number> {
  return idIn(
    await send(admin, productNew, "/admin/products/new", { partner_key: partnerKey, lender_id: String(lenderId) }),
    "/admin/products",
  );
}

/** Saves and publishes the product's first version: `base` (a live product's form) with the business's own figures and approvals. */
export async function publishProduct(admin: Admin, id: number, base: Record<string, string>, own = { ...OWN_PRODUCT, ...OWN_APPROVALS }) {
  const form = productForm({ ...base, ...own, intent: "publish" }, admin.csrf);
  const response = await callRoute(productEdit, "guarded", postForm(`/admin/products/${id}`, form, admin.cookie), admin.services, {
    id: String(id),
  });
  return (await response.json()) as unknown;
}

export const productIntent = (admin: Admin, id: number, intent: string) =>
  send(admin, productsList, "/admin/products", { id: String(id), intent });

/** Every sample ad taken down as the console does it: products retired, banners deleted, the popup saved off as a draft. */
export async function takeDownSampleAds(admin: Admin): Promise<void> {
  const products = (await (await callRoute(productsList, "guarded", get("/admin/products", admin.cookie), admin.services)).json()) as {
    products: { id: number; key: string }[];
  };
  for (const product of products.products.filter((p) => Object.hasOwn(SAMPLE_LENDERS, p.key)))
    await productIntent(admin, product.id, "retire");
  const list = (await (await callRoute(campaigns, "guarded", get("/admin/campaigns", admin.cookie), admin.services)).json()) as {
    banners: { id: number }[];
  };
  for (const banner of list.banners) {
    const { request } = await multipartRequest(
      "/admin/campaigns",
      [
        { name: "csrf", value: admin.csrf },
        { name: "id", value: String(banner.id) },
        { name: "intent", value: "delete" },
      ],
      { cookie: admin.cookie, origin: ORIGIN },
    );
    await callRoute(campaigns, "guarded", request, admin.services);
  }
  const popup = (await (await callRoute(popupRoute, "guarded", get("/admin/campaigns/popup", admin.cookie), admin.services)).json()) as {
    popup: {
      link: string;
      alts: Record<string, string>;
      productKey: string;
      confirmNo: string;
      confirmUntil: string;
      reviewNo: string;
      reviewUntil: string;
    };
  };
  const p = popup.popup;
  // Saved as a draft and switched off: nothing of it is public, so nothing of it counts.
  const fields = {
    link: p.link,
    ...Object.fromEntries(Object.entries(p.alts).map(([l, alt]) => [`alt_${l}`, alt])),
    active_from: "",
    active_until: "",
    product_key: p.productKey,
    confirm_no: p.confirmNo,
    confirm_until: p.confirmUntil,
    review_no: p.reviewNo,
    review_until: p.reviewUntil,
    intent: "save",
  };
  const { request } = await multipartRequest(
    "/admin/campaigns/popup",
    [{ name: "csrf", value: admin.csrf }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))],
    { cookie: admin.cookie, origin: ORIGIN },
  );
  const saved = await callRoute(popupRoute, "guarded", request, admin.services);
  if (saved.status !== 200) throw new Error(`the popup was not saved: ${saved.status} ${await saved.text()}`);
}
