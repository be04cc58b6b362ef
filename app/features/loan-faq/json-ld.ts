import type { FaqCategory } from "#app/features/loan-faq/types.ts";

/** schema.org FAQPage for the questions shown. */
export function faqPageJsonLd(category: FaqCategory, inLanguage: string) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage,
    mainEntity: category.items.map((item) => ({
      "@type": "Question",
      name: item.q,
      acceptedAnswer: { "@type": "Answer", text: item.a },
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text
 * can close the script element (`</script>`) or open a comment (`<!--`), and
 * U+2028/U+2029 so the output is safe in any JavaScript context too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
