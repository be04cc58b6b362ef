import { afterEach, describe, expect, it, vi } from "vitest";
import { BANNER_LOG_PATH, logBannerRedirect } from "#app/features/home/banner-log.ts";

const banner = { partnerName: "savings-bank", url: "https://savings.example.com/loan" };

describe("logBannerRedirect", () => {
  afterEach(() => vi.restoreAllMocks());

  it("posts {partner_name, redirect_url} as JSON, kept alive", async () => {
    const send = vi.fn(async () => new Response("{}", { status: 200 }));
    expect(await logBannerRedirect(banner, send)).toBe(true);
    expect(send).toHaveBeenCalledWith(BANNER_LOG_PATH, expect.objectContaining({ method: "POST", keepalive: true }));
    const init = (send.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({ partner_name: "savings-bank", redirect_url: "https://savings.example.com/loan" });
  });

  it.each([
    [
      "a network error",
      async () => {
        throw new TypeError("Failed to fetch");
      },
    ],
    ["an error status", async () => new Response("", { status: 500 })],
  ])("reports %s on the console and never throws", async (_name, impl) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await logBannerRedirect(banner, vi.fn(impl))).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("Recording the banner redirect failed"), expect.anything());
  });
});
