import { expect } from "@playwright/test";
import { E2E_SOLAPI_PORT } from "#tests/support/e2e-env.ts";
import type { FakeMessage } from "#tests/support/fake-solapi.ts";

/**
 * The texts the end-to-end server sent, as the fake SOLAPI that Playwright
 * starts beside it (playwright.config.ts) received them: one fake for the
 * whole run, read over HTTP, so that any spec (the site's or the console's)
 * can read a one-time code without starting a fake of its own on the port.
 */
export async function fakeTexts(): Promise<FakeMessage[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_SOLAPI_PORT}/__fake/messages`);
  return (await res.json()) as FakeMessage[];
}

/** How many texts the fake holds now: read before asking for a code, so that only a newer one counts. */
export async function textCount(): Promise<number> {
  return (await fakeTexts()).length;
}

/** The newest six-digit code the fake received for `phone` (digits only) after `since` texts. */
export async function codeTo(phone: string, since: number): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const message = (await fakeTexts()).slice(since).findLast((m) => m.to === phone && /\b\d{6}\b/.test(m.text));
        code = message ? /\b(\d{6})\b/.exec(message.text)![1]! : "";
        return code;
      },
      // The whole run's texts share one outbox: behind a burst of status links a code may wait its turn.
      { timeout: 20_000 },
    )
    .not.toBe("");
  return code;
}
