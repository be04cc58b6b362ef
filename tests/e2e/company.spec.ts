import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { countRows } from "#tests/support/e2e-db.ts";

const LANGS = ["en", "vi", "id", "my", "mn"] as const;

test.describe("about and partners (spec §2)", () => {
  test("about: what we do, why a bank loan with three items, in all five languages", async ({ page }) => {
    const headings = new Set<string>();
    for (const lang of LANGS) {
      await page.goto(`/company/about?lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const sections = page.locator("main section[aria-labelledby]");
      await expect(sections).toHaveCount(2);
      await expect(sections.nth(1).getByRole("listitem")).toHaveCount(3);
      await expect(sections.nth(1).getByRole("heading", { level: 3 })).toHaveCount(3);
      headings.add(await sections.nth(1).getByRole("heading", { level: 2 }).innerText());
      // No catalog key leaks through untranslated.
      expect(await page.locator("main").innerText()).not.toMatch(/company\.|common\./);
    }
    expect(headings.size).toBe(5);
    await page.goto("/company/about?lang=en");
    await expect(page.getByRole("heading", { level: 2, name: "What we do" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Why a bank loan?" })).toBeVisible();
    await expect(page.locator("main").getByText("2023-04-27")).toBeVisible();
  });

  test("our partners: three images with fixed dimensions that load", async ({ page }) => {
    await page.goto("/company/our-partners?lang=my");
    const images = page.locator("main figure img");
    await expect(images).toHaveCount(3);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", "640");
      await expect(image).toHaveAttribute("height", "320");
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(page.locator("main figcaption")).toHaveCount(3);
  });
});

test.describe("contact us: partnership proposal (spec §2, §4, §5, §7, §8)", () => {
  const fill = async (page: import("@playwright/test").Page) => {
    await page.getByLabel("Organisation name").fill("Example Foundation");
    await page.getByLabel("Phone number").fill("02-123 abc 4567");
    await page.getByLabel("E-mail").fill("partner@example.org");
    await page.getByLabel("Your proposal").fill("A joint seminar for migrant workers.");
  };

  test("submit stays disabled until consent is ticked; the policy link opens ?policy=privacy", async ({ page }) => {
    await page.goto("/company/contact-us");
    await hydrated(page);
    const submit = page.getByRole("button", { name: "Send proposal" });
    await expect(submit).toBeDisabled();
    const consent = page.getByRole("checkbox", { name: /I agree to the collection/ });
    await consent.check();
    await expect(submit).toBeEnabled();
    await consent.uncheck();
    await expect(submit).toBeDisabled();
    await expect(page.getByRole("link", { name: "View full policy" })).toHaveAttribute("href", "/company/contact-us?policy=privacy");
  });

  test("each empty field says 'This field is required.' and nothing is sent", async ({ page }) => {
    let sent = 0;
    page.on("request", (r) => r.url().includes("/svc/proposal/create") && sent++);
    await page.goto("/company/contact-us");
    await hydrated(page);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Send proposal" }).click();
    await expect(page.getByText("This field is required.")).toHaveCount(4);
    await expect(page.getByLabel("Organisation name")).toBeFocused();
    await expect(page.getByLabel("Organisation name")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toBe(0);
    await page.getByLabel("Organisation name").fill("X");
    await expect(page.getByText("This field is required.")).toHaveCount(3);
  });

  test("keeps the phone to digits and offers the e-mail keyboard", async ({ page }) => {
    await page.goto("/company/contact-us");
    await hydrated(page);
    await page.getByLabel("Phone number").pressSequentially("02-123 abc 4567");
    await expect(page.getByLabel("Phone number")).toHaveValue("021234567");
    await expect(page.getByLabel("E-mail")).toHaveAttribute("inputmode", "email");
    await expect(page.getByLabel("Phone number")).toHaveAttribute("inputmode", "numeric");
  });

  test("success: sends JSON to /svc/proposal/create, alerts 'Your proposal has been submitted!' and resets the form", async ({ page }) => {
    await page.goto("/company/contact-us");
    await hydrated(page);
    await fill(page);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    const requestPromise = page.waitForRequest("**/svc/proposal/create");
    await page.getByRole("button", { name: "Send proposal" }).click();
    const request = await requestPromise;
    expect(request.headers()["content-type"]).toContain("application/json");
    expect(request.postDataJSON()).toMatchObject({
      proposer_name: "Example Foundation",
      proposer_phone: "021234567",
      proposer_email: "partner@example.org",
      proposal_content: "A joint seminar for migrant workers.",
    });
    expect(request.postDataJSON().submission_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    const alert = page.getByRole("alertdialog");
    await expect(alert).toHaveText(/Your proposal has been submitted!/);
    expect(await axeViolations(page)).toEqual([]);
    await alert.getByRole("button", { name: "OK" }).click();
    await expect(alert).toBeHidden();
    for (const label of ["Organisation name", "Phone number", "E-mail", "Your proposal"])
      await expect(page.getByLabel(label)).toHaveValue("");
    await expect(page.getByRole("checkbox", { name: /I agree/ })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Send proposal" })).toBeDisabled();
  });

  test("failure: a non-200 res_status alerts 'Submission failed. Please check and try again.' and keeps the form", async ({ page }) => {
    await page.route("**/svc/proposal/create", (route) =>
      route.fulfill({ status: 200, json: { res_status: 500, message: "x", errors: {} } }),
    );
    await page.goto("/company/contact-us");
    await hydrated(page);
    await fill(page);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Send proposal" }).click();
    await expect(page.getByRole("alertdialog")).toHaveText(/Submission failed\. Please check and try again\./);
    await page.getByRole("alertdialog").getByRole("button").click();
    await expect(page.getByLabel("Organisation name")).toHaveValue("Example Foundation");
  });

  test("the alerts are in the visitor's language", async ({ page }) => {
    await page.goto("/company/contact-us?lang=vi");
    await hydrated(page);
    await page.getByLabel("Tên tổ chức").fill("Tổ chức Ví dụ");
    await page.getByLabel("Số điện thoại").fill("0212345678");
    await page.getByLabel("E-mail").fill("a@example.org");
    await page.getByLabel("Nội dung đề xuất").fill("Hợp tác");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Gửi đề xuất" }).click();
    await expect(page.getByRole("alertdialog")).toHaveText(/Đề xuất của bạn đã được gửi!/);
  });

  test("works without JavaScript: consent is checked by the server, success is shown", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/company/contact-us");
    await fill(page);
    await page.getByRole("button", { name: "Send proposal" }).click();
    await expect(page.getByText("Please agree to the collection and use of personal information.")).toBeVisible();
    await expect(page.getByLabel("Organisation name")).toHaveValue("Example Foundation");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Send proposal" }).click();
    await expect(page.getByRole("status")).toHaveText("Your proposal has been submitted!");
    await expect(page.getByLabel("Organisation name")).toHaveValue("");
    await context.close();
  });

  test("without JavaScript a double-tapped or re-sent proposal is stored once", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const email = `twice-${Date.now()}@example.org`;
    await page.goto("/company/contact-us");
    await expect(page.locator('input[name="submission_id"]')).toHaveValue("");
    await fill(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    const posted = page.waitForRequest((r) => r.method() === "POST");
    await page.getByRole("button", { name: "Send proposal" }).click();
    const body = (await posted).postData()!;
    await expect(page.getByRole("status")).toHaveText("Your proposal has been submitted!");
    for (let i = 0; i < 2; i++) {
      const again = await page.request.post("/company/contact-us", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: body,
      });
      expect(again.status()).toBe(200);
    }
    expect(countRows("select count(*) as n from proposals where proposer_email = ?", email)).toBe(1);
    await context.close();
  });

  test("no accessibility violations with errors shown", async ({ page }) => {
    await page.goto("/company/contact-us?lang=mn");
    await hydrated(page);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Санал илгээх" }).click();
    await expect(page.getByText("Энэ талбарыг заавал бөглөнө үү.").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** A stand-in for the Kakao Maps SDK that records what the page asked it for. */
const KAKAO_STUB = `
window.__kakao = { loadCalls: 0 };
window.kakao = { maps: {
  load: function (cb) { window.__kakao.loadCalls++; setTimeout(cb, 0); },
  LatLng: function (lat, lng) { this.lat = lat; this.lng = lng; },
  Size: function (w, h) { this.width = w; this.height = h; },
  MarkerImage: function (src, size) { this.src = src; this.size = size; },
  Map: function (container, options) {
    window.__kakao.center = { lat: options.center.lat, lng: options.center.lng };
    window.__kakao.level = options.level;
    container.setAttribute("data-stub-map", "drawn");
    container.textContent = "stub map";
  },
  Marker: function (options) {
    window.__kakao.marker = { width: options.image.size.width, height: options.image.size.height, src: options.image.src };
    window.__kakao.markerPosition = { lat: options.position.lat, lng: options.position.lng };
    this.setMap = function () { window.__kakao.markerOnMap = true; };
  }
} };`;

test.describe("location (spec §2, §9: level 4, 42×42 marker)", () => {
  test("loads the Kakao SDK with the app key, centres on the office at level 4 with a 42×42 marker", async ({ page }) => {
    const sdkRequests: string[] = [];
    await page.route("**/dapi.kakao.com/**", (route) => {
      sdkRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/javascript", body: KAKAO_STUB });
    });
    const cspErrors: string[] = [];
    page.on("console", (m) => m.type() === "error" && /Content Security Policy/.test(m.text()) && cspErrors.push(m.text()));
    await page.goto("/company/location");
    await expect(page.locator("[data-stub-map=drawn]")).toBeVisible();
    expect(sdkRequests).toHaveLength(1);
    const url = new URL(sdkRequests[0]!);
    expect(url.pathname).toBe("/v2/maps/sdk.js");
    expect(url.searchParams.get("appkey")).toBe("test-kakao-key");
    expect(url.searchParams.get("autoload")).toBe("false");
    const recorded = await page.evaluate(() => (window as unknown as { __kakao: Record<string, unknown> }).__kakao);
    expect(recorded).toMatchObject({
      loadCalls: 1,
      center: { lat: 37.5662952, lng: 126.9779451 },
      level: 4,
      marker: { width: 42, height: 42, src: "/images/map-marker.svg" },
      markerPosition: { lat: 37.5662952, lng: 126.9779451 },
      markerOnMap: true,
    });
    // The map replaced the static panel; address and phone stay as text.
    await expect(page.getByRole("link", { name: /Kakao Map/ })).toHaveCount(0);
    await expect(page.locator("main").getByText("12 Sample-ro, Jung-gu, Seoul")).toBeVisible();
    await expect(page.getByRole("link", { name: "1588-0000" })).toHaveAttribute("href", "tel:15880000");
    expect(cspErrors).toEqual([]);
  });

  test("falls back to address, phone and map links when the SDK fails to load", async ({ page }) => {
    await page.route("**/dapi.kakao.com/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/company/location");
    await expect(page.getByText("The map could not be loaded.")).toBeVisible();
    const links = {
      "Kakao Map": "https://map.kakao.com/link/map/K-Loan%20Guide,37.5662952,126.9779451",
      "Naver Map": `https://map.naver.com/p/search/${encodeURIComponent("서울특별시 중구 샘플로 12 (04524)")}`,
      "Google Maps": "https://www.google.com/maps/search/?api=1&query=37.5662952,126.9779451",
    };
    for (const [name, href] of Object.entries(links)) {
      const link = page.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(page.locator("main").getByText("12 Sample-ro, Jung-gu, Seoul")).toBeVisible();
    await expect(page.getByRole("link", { name: "1588-0000" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("falls back when the SDK answers but never initialises (error script)", async ({ page }) => {
    await page.route("**/dapi.kakao.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "/* invalid app key */" }),
    );
    await page.goto("/company/location");
    await expect(page.getByText("The map could not be loaded.")).toBeVisible();
  });

  test("without JavaScript the static version is the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/company/location?lang=mn");
    await expect(page.getByRole("link", { name: /Kakao Map/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Naver Map/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Google Maps/ })).toBeVisible();
    await expect(page.getByText("서울특별시 중구 샘플로 12 (04524)")).toBeVisible();
    await context.close();
  });

  test("the SDK is requested by the location page only", async ({ page }) => {
    const sdk: string[] = [];
    await page.route("**/dapi.kakao.com/**", (route) => {
      sdk.push(route.request().url());
      return route.abort();
    });
    for (const path of ["/", "/company/about", "/company/contact-us", "/company/hitachi"]) {
      await page.goto(path);
      await hydrated(page);
    }
    expect(sdk).toEqual([]);
    expect(await page.locator('script[src*="dapi.kakao.com"]').count()).toBe(0);
  });
});
