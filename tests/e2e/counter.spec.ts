import sharp from "sharp";
import type { Page } from "@playwright/test";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";

const image = async (name: string, color = "#c03030") => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});
const photoInput = (page: Page) => page.locator('input[type="file"]');
const photos = (page: Page) => page.getByRole("img", { name: /첨부한 사진/ });

async function fillCommon(page: Page) {
  await page.getByLabel("이름").fill("홍길동");
  await page.getByLabel("연락처").fill("010-1234-5678");
  await page.getByLabel("주소").fill("서울특별시 중구 샘플로 12");
}

test.describe("cash counter page (spec §2 /company/hitachi)", () => {
  test("is Korean in any site language, with a tap-to-call button, an inquiry button and a two-item FAQ", async ({ page }) => {
    await page.goto("/company/hitachi?lang=vi");
    await expect(page.locator("main article")).toHaveAttribute("lang", "ko");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("현금계수기 판매·A/S");
    await expect(page.getByText("iH-110S").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /전화 문의/ })).toHaveAttribute("href", "tel:15880001");
    const inquiry = page.getByRole("link", { name: "온라인 문의하기" });
    await expect(inquiry).toHaveAttribute("href", "#counter-inquiry");
    await inquiry.click();
    await expect(page.getByRole("heading", { name: "문의하기" })).toBeInViewport();

    const faq = page.locator("details");
    await expect(faq).toHaveCount(2);
    await faq.nth(0).locator("summary").click();
    await expect(faq.nth(0)).toHaveAttribute("open", "");
    await faq.nth(1).locator("summary").click();
    await expect(faq.nth(1)).toHaveAttribute("open", "");
    await expect(faq.nth(0)).not.toHaveAttribute("open", "");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("switching the type changes the description label and the photo requirement", async ({ page }) => {
    await page.goto("/company/hitachi");
    await hydrated(page);
    await expect(page.getByRole("radio", { name: "A/S 신청" })).toBeChecked();
    await expect(page.getByRole("textbox", { name: /증상내용/ })).toBeVisible();
    await expect(page.getByRole("group", { name: /사진 첨부/ })).toBeVisible();

    await page.getByRole("radio", { name: "구매 문의" }).check();
    await expect(page.getByRole("textbox", { name: /문의내용/ })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /증상내용/ })).toHaveCount(0);
    await expect(page.getByRole("group", { name: /사진 첨부/ })).toBeHidden();

    await page.getByRole("button", { name: "문의 접수하기" }).click();
    await expect(page.getByText("문의내용을 입력해 주세요.")).toBeVisible();
    await expect(page.getByText("사진을 선택해주세요.")).toHaveCount(0);

    await page.getByRole("radio", { name: "A/S 신청" }).check();
    await expect(page.getByRole("textbox", { name: /증상내용/ })).toBeVisible();
    await expect(page.getByRole("group", { name: /사진 첨부/ })).toBeVisible();
  });

  test("shows the spec's messages for an empty A/S request, and keeps the phone to digits", async ({ page }) => {
    await page.goto("/company/hitachi");
    await hydrated(page);
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    for (const message of [
      "이름을 입력해 주세요.",
      "연락처를 입력해 주세요.",
      "주소를 입력해 주세요.",
      "증상내용을 입력해 주세요.",
      "사진을 선택해주세요.",
      "개인정보 수집 미동의시 문의 접수가 불가능합니다.",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("이름")).toBeFocused();
    await page.getByLabel("연락처").pressSequentially("010-12ab34");
    await expect(page.getByLabel("연락처")).toHaveValue("0101234");
    await expect(page.getByText("연락처를 입력해 주세요.")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("photos: thumbnails with remove; a fourth is refused whole with the photo-limit modal", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __revoked: string[] };
      w.__revoked = [];
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.revokeObjectURL = (url: string) => {
        w.__revoked.push(url);
        revoke(url);
      };
    });
    await page.goto("/company/hitachi");
    await hydrated(page);
    await photoInput(page).setInputFiles([await image("a.jpg"), await image("b.jpg", "#3030c0")]);
    await expect(photos(page)).toHaveCount(2);
    await expect(page.getByText("2/3")).toBeVisible();

    // Two more would make four: neither is added.
    await photoInput(page).setInputFiles([await image("c.jpg"), await image("d.jpg")]);
    const modal = page.getByRole("alertdialog");
    await expect(modal).toHaveText(/사진은 최대 3장까지 첨부할 수 있습니다\./);
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByRole("button", { name: "확인" }).click();
    await expect(modal).toBeHidden();
    await expect(photos(page)).toHaveCount(2);

    await photoInput(page).setInputFiles([await image("c.jpg")]);
    await expect(photos(page)).toHaveCount(3);
    await photoInput(page).setInputFiles([await image("d.jpg")]);
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
    await expect(photos(page)).toHaveCount(3);

    const firstUrl = await photos(page).first().getAttribute("src");
    await page.getByRole("button", { name: "1번 사진 삭제" }).click();
    await expect(photos(page)).toHaveCount(2);
    expect(await page.evaluate(() => (window as unknown as { __revoked: string[] }).__revoked)).toEqual([firstUrl]);
  });

  test("photos: files that are not images, or over 20 MB, are refused with a message", async ({ page }) => {
    await page.goto("/company/hitachi");
    await hydrated(page);
    await photoInput(page).setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
    await expect(page.getByText("이미지 파일만 첨부할 수 있습니다.")).toBeVisible();
    await expect(photos(page)).toHaveCount(0);
    // Made in the page: sending 20 MB through the test protocol would be slow.
    await photoInput(page).evaluate((input: HTMLInputElement) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(20 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }));
      input.files = transfer.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await expect(page.getByText("사진은 한 장당 20MB 이하만 첨부할 수 있습니다.")).toBeVisible();
    await expect(photos(page)).toHaveCount(0);
  });

  test("A/S: sends multipart json_param + file_param, alerts '제출이 완료되었습니다!' and shows the A/S completion", async ({ page }) => {
    // Chromium does not expose multipart bodies with files to the test: record the FormData as it is sent.
    await page.addInitScript(() => {
      const w = window as unknown as { __sent: [string, unknown][] };
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (init?.body instanceof FormData) {
          w.__sent = [...init.body.entries()].map(([k, v]) => [
            k,
            typeof v === "string" ? v : { name: v.name, type: v.type, size: v.size },
          ]);
        }
        return original(input, init);
      };
    });
    await page.goto("/company/hitachi");
    await hydrated(page);
    await fillCommon(page);
    await page.getByRole("textbox", { name: /증상내용/ }).fill("지폐가 자주 걸립니다.");
    await photoInput(page).setInputFiles([await image("a.jpg"), await image("b.jpg")]);
    await page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의합니다/ }).check();
    const requestPromise = page.waitForRequest("**/svc/as/create");
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    const request = await requestPromise;
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const sent = await page.evaluate(() => (window as unknown as { __sent: [string, unknown][] }).__sent);
    expect(sent.map(([name]) => name)).toEqual(["json_param", "file_param", "file_param"]);
    expect(sent[1]![1]).toMatchObject({ name: "a.jpg", type: "image/jpeg" });
    expect(JSON.parse(sent[0]![1] as string)).toMatchObject({
      applicant_name: "홍길동",
      contact_phone: "01012345678",
      applicant_addr: "서울특별시 중구 샘플로 12",
      inquiry_content: "지폐가 자주 걸립니다.",
    });

    const alert = page.getByRole("alertdialog");
    await expect(alert).toHaveText(/제출이 완료되었습니다!/);
    await alert.getByRole("button", { name: "확인" }).click();
    await expect(page).toHaveURL(/\/company\/hitachi\/complete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A/S 신청이 완료되었습니다");
    await page.getByRole("link", { name: "홈으로" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("purchase: sends JSON to /svc/purchase/create and shows the purchase completion", async ({ page }) => {
    await page.goto("/company/hitachi");
    await hydrated(page);
    await page.getByRole("radio", { name: "구매 문의" }).check();
    await fillCommon(page);
    await page.getByRole("textbox", { name: /문의내용/ }).fill("2대 구매를 원합니다.");
    await page.getByRole("checkbox", { name: /개인정보/ }).check();
    const requestPromise = page.waitForRequest("**/svc/purchase/create");
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    const request = await requestPromise;
    expect(request.postDataJSON()).toMatchObject({
      applicant_name: "홍길동",
      contact_phone: "01012345678",
      inquiry_content: "2대 구매를 원합니다.",
    });
    await page.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("구매 문의가 완료되었습니다");
  });

  test("failure: a non-200 answer alerts '제출이 실패했습니다. 다시 시도해주세요.' and keeps the form", async ({ page }) => {
    await page.route("**/svc/purchase/create", (route) =>
      route.fulfill({ status: 400, json: { res_status: 400, message: "x", errors: { applicant_addr: "주소를 입력해 주세요." } } }),
    );
    await page.goto("/company/hitachi");
    await hydrated(page);
    await page.getByRole("radio", { name: "구매 문의" }).check();
    await fillCommon(page);
    await page.getByRole("textbox", { name: /문의내용/ }).fill("문의");
    await page.getByRole("checkbox", { name: /개인정보/ }).check();
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    await expect(page.getByRole("alertdialog")).toHaveText(/제출이 실패했습니다\. 다시 시도해주세요\./);
    await page.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
    await expect(page).toHaveURL(/\/company\/hitachi$/);
    await expect(page.getByLabel("이름")).toHaveValue("홍길동");
    await expect(page.getByText("주소를 입력해 주세요.")).toBeVisible();
  });

  test("the completion page opened directly shows a neutral text", async ({ page }) => {
    await page.goto("/company/hitachi/complete");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("문의해 주셔서 감사합니다");
    await expect(page.getByRole("link", { name: "홈으로" })).toHaveAttribute("href", "/");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("works without JavaScript: purchase and A/S posts reach their completion pages; errors come back", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/company/hitachi");
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    await expect(page.getByText("이름을 입력해 주세요.")).toBeVisible();
    await expect(page.getByText("사진을 선택해주세요.")).toBeVisible();

    await page.getByRole("radio", { name: "구매 문의" }).check();
    await expect(page.getByRole("textbox", { name: /문의내용/ })).toBeVisible();
    await fillCommon(page);
    await page.getByRole("textbox", { name: /문의내용/ }).fill("1대 구매 문의");
    await page.getByRole("checkbox", { name: /개인정보/ }).check();
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    await expect(page).toHaveURL(/\/company\/hitachi\/complete\?type=purchase$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("구매 문의가 완료되었습니다");

    await page.goto("/company/hitachi");
    await fillCommon(page);
    await page.getByRole("textbox", { name: /증상내용/ }).fill("전원이 켜지지 않습니다.");
    await page.getByLabel("사진 첨부").setInputFiles([await image("a.jpg")]);
    await page.getByRole("checkbox", { name: /개인정보/ }).check();
    await page.getByRole("button", { name: "문의 접수하기" }).click();
    await expect(page).toHaveURL(/\/company\/hitachi\/complete\?type=as$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A/S 신청이 완료되었습니다");
    await context.close();
  });
});

test.describe("POST /svc/as/create over HTTP (the real server)", () => {
  const fields = { applicant_name: "홍길동", contact_phone: "01012345678", applicant_addr: "서울 중구", inquiry_content: "고장" };
  const form = async (files: { name: string; data: Buffer }[]) => {
    const data = new FormData();
    data.append("json_param", JSON.stringify(fields));
    for (const file of files) data.append("file_param", new Blob([new Uint8Array(file.data)], { type: "image/jpeg" }), file.name);
    return data;
  };

  test("stores a good request", async ({ request }) => {
    const response = await request.post("/svc/as/create", {
      multipart: await form([{ name: "a.jpg", data: (await image("a.jpg")).buffer }]),
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ res_status: 200 });
  });

  test("answers a 21 MB photo with 400 (not a dropped connection)", async ({ request }) => {
    const response = await request.post("/svc/as/create", {
      multipart: await form([{ name: "big.jpg", data: Buffer.alloc(21 * 1024 * 1024) }]),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({
      res_status: 400,
      errors: { file_param: "사진은 한 장당 20MB 이하만 첨부할 수 있습니다." },
    });
  });

  test("answers a fourth photo with 400", async ({ request }) => {
    const jpeg = (await image("a.jpg")).buffer;
    const response = await request.post("/svc/as/create", {
      multipart: await form([1, 2, 3, 4].map((n) => ({ name: `${n}.jpg`, data: jpeg }))),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { file_param: "사진은 최대 3장까지 첨부할 수 있습니다." } });
  });

  test("answers a text file named .jpg with 400", async ({ request }) => {
    const response = await request.post("/svc/as/create", { multipart: await form([{ name: "a.jpg", data: Buffer.from("just text") }]) });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { file_param: "이미지 파일만 첨부할 수 있습니다." } });
  });
});
