/**
 * A script the server writes into the page before anything renders (the
 * language mirror, the Burmese font probe). It runs once, from the server's
 * HTML; the browser's bundle need not carry its source a second time. A
 * caller passes `import.meta.env.SSR ? SOURCE : ""`, so the client build
 * drops the string: hydration keeps the server's text (React compares no
 * inner HTML when it adopts the server's markup), and a later render with the
 * same empty source changes nothing. The warning React's development build
 * would print for the differing text is what `suppressHydrationWarning` is for.
 */
export function InlineScript({ nonce, source }: { nonce: string | undefined; source: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: source }} />;
}
