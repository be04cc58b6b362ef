import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { StarRating } from "#app/ui/StarRating.tsx";

const count = (html: string, part: string) => html.split(part).length - 1;

describe("<StarRating>", () => {
  it("draws max stars, one of them half for a .5 fraction, as one labelled image", () => {
    const html = renderToStaticMarkup(<StarRating rating={3.5} label="Rated 3.5 out of 5" />);
    expect(html).toMatch(/^<span role="img" aria-label="Rated 3.5 out of 5"/);
    expect(count(html, "<svg")).toBe(5);
    expect(count(html, "inset(0 50% 0 0)")).toBe(1);
  });
  it("draws five full stars for 5", () => {
    const html = renderToStaticMarkup(<StarRating rating={5} label="5" />);
    expect(count(html, "<svg")).toBe(5);
    expect(count(html, "inset(")).toBe(0);
    expect(count(html, "<path")).toBe(5);
  });
});
