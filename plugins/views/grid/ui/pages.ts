// The grid reads its records a page at a time, as rows come into view.

/** Records per page the grid reads. */
export const PAGE_SIZE = 100;

/** The records query of page `page` (`where`: the search; `sort`: the grouped fields, read
 * first so that each group's records follow each other). */
export function pageQuery(page: number, where?: string, sort?: string) {
  return sort ? { where, sort, offset: page * PAGE_SIZE, limit: PAGE_SIZE } : { where, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
}
