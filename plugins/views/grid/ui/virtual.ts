// Virtualisation arithmetic for the grid: which rows and columns are on screen and where
// to draw them. Browsers cap an element's height (about 33 million px in Chromium), so for
// very large tables the scrollable height is capped and scroll positions are scaled: a
// 1,000,000-row table still scrolls from the first row to the last.

import { flatLayout, itemsBetween, rowTopIn, type HeaderItem, type Overscan, type RowLayout } from "./rowLayout";

export const MAX_SCROLL_HEIGHT = 8_000_000;

export interface RowWindow {
  /** Height of the scrollable content. */
  contentHeight: number;
  /** The first and last row drawn (runs may leave out the rows of collapsed groups between). */
  first: number;
  last: number;
  /** The runs of rows to draw, in order. */
  runs: { first: number; last: number }[];
  /** The group headers to draw, with their tops in content coordinates. */
  headers: { item: HeaderItem; top: number }[];
  /** Top of `row` in content coordinates (NaN when its group is collapsed). */
  rowTop(row: number): number;
}

function scaled(scrollTop: number, viewportHeight: number, fullHeight: number) {
  const contentHeight = Math.min(fullHeight, MAX_SCROLL_HEIGHT);
  const scrollRange = Math.max(0, contentHeight - viewportHeight);
  const fullRange = Math.max(0, fullHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), scrollRange);
  const virtualTop = scrollRange > 0 ? (top / scrollRange) * fullRange : 0;
  return { contentHeight, scrollRange, fullRange, top, virtualTop };
}

/** The rows and group headers of `layout` in view. */
export function layoutWindow(scrollTop: number, viewportHeight: number, layout: RowLayout, overscan: number | Overscan = 8): RowWindow {
  const { contentHeight, top, virtualTop } = scaled(scrollTop, viewportHeight, layout.fullHeight);
  const { headers, runs } = itemsBetween(layout, virtualTop, virtualTop + viewportHeight, overscan);
  return {
    contentHeight,
    first: runs.length > 0 ? runs[0].first : 0,
    last: runs.length > 0 ? runs[runs.length - 1].last : -1,
    runs,
    headers: headers.map((item) => ({ item, top: top + item.top - virtualTop })),
    rowTop: (row) => top + (rowTopIn(layout, row) ?? NaN) - virtualTop,
  };
}

export function rowWindow(scrollTop: number, viewportHeight: number, rowCount: number, rowHeight: number, overscan: number | Overscan = 8): RowWindow {
  return layoutWindow(scrollTop, viewportHeight, flatLayout(rowCount, rowHeight), overscan);
}

/** The scrollTop that brings height `y` of `layout` to the top of the viewport. */
export function scrollTopFor(y: number, viewportHeight: number, fullHeight: number): number {
  const { scrollRange, fullRange } = scaled(0, viewportHeight, fullHeight);
  if (fullRange === 0) return 0;
  return Math.min(scrollRange, (Math.min(Math.max(0, y), fullRange) / fullRange) * scrollRange);
}

/** The scrollTop that brings `row` to the top of the viewport. */
export function scrollTopForRow(row: number, viewportHeight: number, rowCount: number, rowHeight: number): number {
  return scrollTopFor(row * rowHeight, viewportHeight, rowCount * rowHeight);
}

export interface ColumnWindow {
  first: number;
  last: number;
  lefts: number[];
  totalWidth: number;
}

export function columnWindow(scrollLeft: number, viewportWidth: number, widths: readonly number[], overscan = 2): ColumnWindow {
  const lefts: number[] = [];
  let x = 0;
  for (const w of widths) {
    lefts.push(x);
    x += w;
  }
  let first = 0;
  while (first < widths.length - 1 && lefts[first] + widths[first] <= scrollLeft) first += 1;
  let last = first;
  while (last < widths.length - 1 && lefts[last + 1] < scrollLeft + viewportWidth) last += 1;
  return { first: Math.max(0, first - overscan), last: Math.min(widths.length - 1, last + overscan), lefts, totalWidth: x };
}

/** The scrollLeft that brings column `col` fully into a viewport `viewportWidth` wide (its
 * left edge when the column is wider than the viewport), or null when it is in view already. */
export function scrollLeftForColumn(
  col: number,
  scrollLeft: number,
  viewportWidth: number,
  lefts: readonly number[],
  widths: readonly number[],
): number | null {
  const left = lefts[col];
  if (left === undefined) return null;
  const right = left + widths[col];
  if (left < scrollLeft) return left;
  if (right > scrollLeft + viewportWidth) return Math.min(left, right - viewportWidth);
  return null;
}

/** The page numbers covering rows first..last. */
export function pagesFor(first: number, last: number, pageSize: number): number[] {
  if (last < first) return [];
  const pages = [];
  for (let p = Math.floor(first / pageSize); p <= Math.floor(last / pageSize); p += 1) pages.push(p);
  return pages;
}
