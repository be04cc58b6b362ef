import { describe, expect, it } from "vitest";
import { sourceOfForm, sourceOfPayload } from "#app/requests/source.server.ts";

/** Where a request came from, as the server reads it (ADR 0035): the tab's fields first, else what the post shows. */
const post = (url: string, referer?: string) => new Request(url, { method: "POST", headers: referer ? { referer } : {}, body: "x=1" });

describe("a form post's source", () => {
  it("takes the tab's hidden fields when there are any", () => {
    const request = post("https://site.example/company?utm_source=ignored");
    expect(sourceOfForm(request, { src_utm_source: "facebook", src_banner: "kb-bank", src_eligibility: "1" })).toEqual({
      utm_source: "facebook",
      banner: "kb-bank",
      eligibility: "1",
    });
  });

  it("without them, reads the post's own UTM tags, else those of the same-site page it came from", () => {
    expect(sourceOfForm(post("https://site.example/company?utm_source=zalo&utm_medium=chat"), {})).toEqual({
      utm_source: "zalo",
      utm_medium: "chat",
    });
    expect(sourceOfForm(post("https://site.example/company", "https://site.example/home?utm_campaign=tet"), {})).toEqual({
      utm_campaign: "tet",
    });
  });

  it("infers nothing from another site's page or a malformed Referer", () => {
    expect(sourceOfForm(post("https://site.example/company", "https://other.example/?utm_source=x"), {})).toEqual({});
    expect(sourceOfForm(post("https://site.example/company", "not a url"), {})).toEqual({});
  });

  it("drops values that are not tags rather than refusing the request", () => {
    expect(sourceOfForm(post("https://site.example/company"), { src_utm_source: "<script>", src_banner: "Not A Key!" })).toEqual({});
  });
});

describe("an API payload's source", () => {
  it("keeps known keys with clean values and ignores the rest", () => {
    expect(sourceOfPayload({ source: { utm_source: "tiktok", unknown: "x", banner: 5 } })).toEqual({ utm_source: "tiktok" });
    expect(sourceOfPayload({})).toEqual({});
    expect(sourceOfPayload(null)).toEqual({});
  });
});
