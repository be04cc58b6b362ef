import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** The consultation form's answers by field name (any language): what a visitor types. */
export const TYPED = {
  type: "yes",
  visaType: "E-9",
  expiryChoice: "unknown",
  nationality: "Viet Nam",
  name: "NGUYEN VAN A",
  phone: "01012345678",
} as const;

const choice = (page: Page, name: string, value: string) => page.locator(`input[name="${name}"][value="${value}"]`);
const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** Fills the consultation form by its fields' names, the required consent ticked. */
export async function fillByName(page: Page, typed: typeof TYPED = TYPED) {
  await choice(page, "type", typed.type).check();
  await page.locator('select[name="visaType"]').selectOption(typed.visaType);
  await choice(page, "expiryChoice", typed.expiryChoice).check();
  for (const name of ["nationality", "name", "phone"] as const) await input(page, name).fill(typed[name]);
  await input(page, "agreeRequired").check();
}

/** The form shows everything `fillByName` typed. */
export async function expectTyped(page: Page, typed: typeof TYPED = TYPED) {
  await expect(choice(page, "type", typed.type)).toBeChecked();
  await expect(page.locator('select[name="visaType"]')).toHaveValue(typed.visaType);
  await expect(choice(page, "expiryChoice", typed.expiryChoice)).toBeChecked();
  for (const name of ["nationality", "name", "phone"] as const) await expect(input(page, name)).toHaveValue(typed[name]);
  await expect(input(page, "agreeRequired")).toBeChecked();
}
