import { LogoMark } from "#app/ui/icons.tsx";

/**
 * The business's mark beside its name: an uploaded square logo (decorative,
 * the name beside it says who), or the drawn sample mark when none is set.
 */
export function BrandMark({ src, size = 32 }: { src: string; size?: number }) {
  if (!src) return <LogoMark size={size} />;
  return <img src={src} width={size} height={size} alt="" decoding="async" style={{ borderRadius: size / 4, objectFit: "contain" }} />;
}
