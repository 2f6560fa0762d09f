// Copying a block of cells whose rows are not all loaded: the grid fetches pages as it
// scrolls, so a block selected across unloaded rows first needs those pages. The pages are
// read a few at a time (each one the grid's own page query, so loaded pages come from the
// cache), then the whole block becomes tab-separated text.
import { fieldText as cellText, type FieldInfo as Column, type RecordRow } from "@workbench/plugin-api";
import type { Block } from "./range";
import { toTsv } from "./tsv";
import { pagesFor } from "./virtual";

/** The largest block copied (or cleared) at once, in cells. */
export const BLOCK_CELL_LIMIT = 100_000;
/** Pages fetched at the same time while gathering a block. */
export const COPY_CONCURRENCY = 4;

export function cellCount(block: Block): number {
  return (block.bottom - block.top + 1) * (block.right - block.left + 1);
}

/** The pages of the block's rows, split into those already at hand and those to fetch. */
export function pagesOfBlock(
  block: Block,
  pageSize: number,
  cached: (page: number) => RecordRow[] | undefined,
): { have: Map<number, RecordRow[]>; missing: number[] } {
  const have = new Map<number, RecordRow[]>();
  const missing: number[] = [];
  for (const page of pagesFor(block.top, block.bottom, pageSize)) {
    const rows = cached(page);
    if (rows) have.set(page, rows);
    else missing.push(page);
  }
  return { have, missing };
}

/** The block's cells as text rows, from the rows of its pages (a missing row gives empty cells). */
export function blockRows(block: Block, columns: Column[], pageSize: number, pages: Map<number, RecordRow[]>): string[][] {
  const rows: string[][] = [];
  for (let row = block.top; row <= block.bottom; row += 1) {
    const page = Math.floor(row / pageSize);
    const record = pages.get(page)?.[row - page * pageSize];
    const cells: string[] = [];
    for (let col = block.left; col <= block.right; col += 1) {
      const column = columns[col];
      cells.push(record && column ? cellText(record[column.title], column) : "");
    }
    rows.push(cells);
  }
  return rows;
}

/** The text put on the clipboard: one cell as it is, a block as TSV. */
export function clipboardText(rows: string[][], single: boolean): string {
  return single ? (rows[0]?.[0] ?? "") : toTsv(rows);
}

export class CopyCancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

/** Fetch `pages` (at most `concurrency` at a time) into `into`, calling `onProgress` after
 * each; throws the first failure, or CopyCancelled once `cancelled()` says so. */
export async function fetchPages(
  pages: number[],
  load: (page: number) => Promise<RecordRow[]>,
  into: Map<number, RecordRow[]>,
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean = () => false,
  concurrency = COPY_CONCURRENCY,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < pages.length) {
      if (cancelled()) throw new CopyCancelled();
      const page = pages[next];
      next += 1;
      into.set(page, await load(page));
      done += 1;
      if (cancelled()) throw new CopyCancelled();
      onProgress(done, pages.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pages.length) }, worker));
}
