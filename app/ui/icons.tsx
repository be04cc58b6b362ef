import type { SVGProps } from "react";

/** Small inline icons (no icon font, no requests). Decorative unless labelled. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** An icon drawn with paths alone, one `<path>` per `d`. */
function drawn(...paths: string[]) {
  return function PathIcon(p: IconProps) {
    return (
      <Svg {...p}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </Svg>
    );
  };
}

export const MenuIcon = drawn("M4 7h16M4 12h16M4 17h16");
export const CloseIcon = drawn("M6 6l12 12M18 6L6 18");
export const ArrowRightIcon = drawn("M5 12h14M13 6l6 6-6 6");
export const ChevronDownIcon = drawn("M6 9l6 6 6-6");
export const ExternalIcon = drawn("M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5");
export const PhoneIcon = drawn("M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2");
export const ChatIcon = drawn("M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z");
export const CheckIcon = drawn("M5 12l5 5L20 7");
export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Svg>
);
export const ShieldIcon = drawn("M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z", "M8.5 12l2.5 2.5 4.5-5");
export const ReceiptIcon = drawn("M6 3h12v18l-3-2-3 2-3-2-3 2z", "M9 8h6M9 12h6M9 16h3");
export const PenIcon = drawn("M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z", "M13.5 6.5l4 4");

/** The brand mark: a rounded square with a stylised "K" and a coin. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1a3a8f" />
      <path d="M10 8v16M10 16l8-8M12.5 13.5L19 24" stroke="#fff" strokeWidth="3" strokeLinecap="round" fill="none" />
      <circle cx="23.5" cy="11" r="3" fill="#ffc93c" />
    </svg>
  );
}
export const PauseIcon = drawn("M9 6v12M15 6v12");
export const PlayIcon = drawn("M8 5.5v13l11-6.5z");
