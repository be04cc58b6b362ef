import type { ImgHTMLAttributes } from "react";

/**
 * A campaign's image in its fixed box (no layout shift): the uploaded WebP
 * at 1× with its 2× twin for sharp screens, or a sample's single file.
 * Decorative: the banner's or the popup's text names the link.
 */
export function CampaignImage({
  image,
  image2x,
  box,
  ...rest
}: { image: string; image2x: string | null; box: { width: number; height: number } } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "alt"
>) {
  return (
    <img src={image} srcSet={image2x ? `${image} 1x, ${image2x} 2x` : undefined} width={box.width} height={box.height} alt="" {...rest} />
  );
}
