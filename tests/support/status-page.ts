import { expect, type Page } from "@playwright/test";
import { hydrated } from "#tests/e2e/fixtures.ts";

/** Sends a consultation in English from the browser and answers its status page's path (issue 38's browser tests). */
export async function newStatusLink(page: Page, phone = "01055550038"): Promise<string> {
  await page.goto("/loan-consultation?lang=en");
  await hydrated(page);
  await page.locator('input[name="type"][value="yes"]').check();
  await page.locator('select[name="visaType"]').selectOption("E-9");
  await page.locator('input[name="expiryChoice"][value="unknown"]').check();
  await page.locator('input[name="nationality"]').fill("Viet Nam");
  await page.locator('input[name="name"]').fill("PUSH VISITOR");
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="agreeRequired"]').check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/loan-consultation-complete/);
  const href = await page.locator('a[href^="/status/"]').first().getAttribute("href");
  return href!;
}
