/** Blog/link items (spec §3) and the list answer of POST /svc/og/list (spec §7). */
export const BLOG_PAGE_SIZE = 4;
export const BLOG_MAX_PAGE_SIZE = 50;

export interface BlogItem {
  og_seq: number;
  og_title: string | null;
  og_url: string;
  og_image: string | null;
  domain_addr: string;
}

/** The list answer, with every paging hint the spec's client understands. */
export interface BlogPage {
  list: BlogItem[];
  items: BlogItem[];
  pageNum: number;
  pageSize: number;
  total: number;
  pages: number;
  hasNext: boolean;
  hasNextPage: boolean;
}
