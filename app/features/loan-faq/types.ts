/** content/<lang>/loan-faq.json: six categories of questions and answers. */
interface FaqItem {
  q: string;
  a: string;
}

export interface FaqCategory {
  id: string;
  label: string;
  items: FaqItem[];
}

export interface LoanFaq {
  categories: FaqCategory[];
}
