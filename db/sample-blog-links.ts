/**
 * Clearly fictional sample links (example.com / example.org are reserved for
 * documentation). Operators replace them from the console.
 */
export const SAMPLE_BLOG_LINKS: { og_title: string | null; og_url: string; og_image: string | null; domain_addr: string }[] = [
  {
    og_title: "Opening a bank account in Korea with an ARC",
    og_url: "https://blog.example.com/bank-account-arc",
    og_image: "/images/blog/sample-1.svg",
    domain_addr: "blog.example.com",
  },
  {
    og_title: "How credit scores work for foreigners in Korea",
    og_url: "https://blog.example.com/credit-score-basics",
    og_image: "/images/blog/sample-2.svg",
    domain_addr: "blog.example.com",
  },
  {
    og_title: "E-9 visa: renewing your stay before it expires",
    og_url: "https://news.example.org/e9-renewal",
    og_image: "/images/blog/sample-3.svg",
    domain_addr: "news.example.org",
  },
  {
    og_title: "Sending money home: comparing remittance fees",
    og_url: "https://news.example.org/remittance-fees",
    og_image: "/images/blog/sample-4.svg",
    domain_addr: "news.example.org",
  },
  { og_title: null, og_url: "https://post.example.net/untitled-note", og_image: null, domain_addr: "post.example.net" },
  {
    og_title: "Health insurance for foreign workers, explained",
    og_url: "https://blog.example.com/health-insurance",
    og_image: "/images/blog/sample-1.svg",
    domain_addr: "blog.example.com",
  },
  {
    og_title: "Student life on a D-2 visa: part-time work rules",
    og_url: "https://post.example.net/d2-part-time",
    og_image: "/images/blog/sample-2.svg",
    domain_addr: "post.example.net",
  },
  {
    og_title: "Reading your Korean pay slip",
    og_url: "https://blog.example.com/pay-slip",
    og_image: "https://images.invalid/broken.jpg",
    domain_addr: "blog.example.com",
  },
  {
    og_title: "Five tips before you sign a loan contract",
    og_url: "https://news.example.org/loan-contract-tips",
    og_image: "/images/blog/sample-3.svg",
    domain_addr: "news.example.org",
  },
  {
    og_title: "Where to exchange currency near Seoul Station",
    og_url: "https://post.example.net/exchange-seoul-station",
    og_image: "/images/blog/sample-4.svg",
    domain_addr: "post.example.net",
  },
  {
    og_title: "Avoiding loan scams that target foreign workers",
    og_url: "https://blog.example.com/loan-scams",
    og_image: "/images/blog/sample-1.svg",
    domain_addr: "blog.example.com",
  },
  {
    og_title: "F-2 and F-5 visas: what changes for loans",
    og_url: "https://news.example.org/f-visa-loans",
    og_image: "/images/blog/sample-2.svg",
    domain_addr: "news.example.org",
  },
];
