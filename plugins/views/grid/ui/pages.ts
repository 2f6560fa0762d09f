// The grid reads its records a page at a time, as rows come into view.

/** Records per page the grid reads. */
export const PAGE_SIZE = 100;

/** The records query of page `page` (`where`: the search). */
export function pageQuery(page: number, where?: string) {
  return { where, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
}
