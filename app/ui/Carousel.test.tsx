import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Carousel, type CarouselLabels } from "#app/ui/Carousel.tsx";

const labels: CarouselLabels = {
  carousel: "băng chuyền",
  slide: "trang chiếu",
  pause: "Tạm dừng tự động chuyển",
  play: "Tiếp tục tự động chuyển",
};
const slides = ["a", "b", "c"].map((key) => ({ key, content: <p>{key}</p> }));
const count = (html: string, part: string) => html.split(part).length - 1;

describe("<Carousel>", () => {
  it("announces itself and its slides with the words it is given, and has a rotation button", () => {
    const html = renderToStaticMarkup(
      <Carousel label="Đánh giá" labels={labels} slides={slides} intervalMs={2000} slideLabel={(n, total) => `${n}/${total}`} />,
    );
    expect(html).toMatch(/^<div[^>]* role="group" aria-roledescription="băng chuyền" aria-label="Đánh giá"/);
    expect(count(html, 'role="group" aria-roledescription="trang chiếu"')).toBe(3);
    expect(html).toContain('aria-label="2/3"');
    expect(html).toContain('aria-label="Tạm dừng tự động chuyển"');
    expect(html).not.toMatch(/aria-roledescription="(carousel|slide)"/);
    // Without goToLabel the dots only show the position.
    expect(count(html, "<button")).toBe(1);
  });

  it("makes the dots buttons that name their slide when asked", () => {
    const html = renderToStaticMarkup(
      <Carousel label="x" labels={labels} slides={slides} intervalMs={2000} slideLabel={(n) => `${n}`} goToLabel={(n) => `Show ${n}`} />,
    );
    expect(count(html, "<button")).toBe(4);
    expect(html).toContain('aria-current="true" aria-label="Show 1"');
    expect(count(html, 'aria-current="true"')).toBe(1);
  });
});
