/** Simple single-colour marks for the social and service links (decorative). */
type Props = { size?: number };

function Glyph({ size = 24, children }: Props & { children: React.ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const FacebookMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21z" />
  </Glyph>
);

export const InstagramMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2z" />
    <path d="M16.5 3h-9A4.5 4.5 0 0 0 3 7.5v9A4.5 4.5 0 0 0 7.5 21h9a4.5 4.5 0 0 0 4.5-4.5v-9A4.5 4.5 0 0 0 16.5 3zm2.8 13.5a2.8 2.8 0 0 1-2.8 2.8h-9a2.8 2.8 0 0 1-2.8-2.8v-9a2.8 2.8 0 0 1 2.8-2.8h9a2.8 2.8 0 0 1 2.8 2.8z" />
  </Glyph>
);

export const TikTokMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M16.6 3h-3v12.3a2.7 2.7 0 1 1-2.7-2.7c.3 0 .5 0 .8.1V9.6a5.8 5.8 0 1 0 4.9 5.7V9.1a7.3 7.3 0 0 0 4.2 1.3V7.4a4.3 4.3 0 0 1-4.2-4.4z" />
  </Glyph>
);

export const PassportMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M6 2h11a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm6 4.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 1.6a2.4 2.4 0 1 1 0 4.8 2.4 2.4 0 0 1 0-4.8zM8.5 17h7v1.6h-7z" />
  </Glyph>
);

export const NewsMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M4 4h13a1 1 0 0 1 1 1v2h2a1 1 0 0 1 1 1v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1zm14 5v9a.5.5 0 0 0 1 0V9zM6 7v4h5V7zm7 0v1.5h3V7zm0 2.8v1.5h3V9.8zM6 13v1.5h10V13zm0 2.8v1.5h10v-1.5z" />
  </Glyph>
);

export const ExchangeMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M7 4l-4 4 4 4V9h10V7H7zm10 8v3H7v2h10v3l4-4z" />
  </Glyph>
);

export const CalendarMark = (p: Props) => (
  <Glyph {...p}>
    <path d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2zM5 9v10h14V9zm2 2h4v4H7z" />
  </Glyph>
);
