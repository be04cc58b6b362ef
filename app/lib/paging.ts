/** A page of a list: the requested page kept within 1..pages (an empty list has one empty page). */
interface Paging {
  total: number;
  page: number;
  pages: number;
  limit: number;
  offset: number;
}

export function paging(count: { n: number | string } | undefined, requested: number, size: number): Paging {
  const total = Number(count?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pages);
  return { total, page, pages, limit: size, offset: (page - 1) * size };
}
