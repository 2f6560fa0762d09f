// The grid's scrolling: the part of its rows and columns in view (the only ones drawn), the
// pages of records they need, and scrolling a cell into view.
import { useCallback, useLayoutEffect, useMemo, useState, type RefObject, type UIEvent } from "react";
import { FOOTER_HEIGHT, HEADER_HEIGHT, ROW_NUMBER_WIDTH } from "./layout";
import { PAGE_SIZE } from "./pages";
import { rowTopIn, type RowLayout } from "./rowLayout";
import { columnWindow, layoutWindow, pagesFor, scrollLeftForColumn, scrollTopFor } from "./virtual";

/** Rows drawn beyond the viewport in the direction of the scrolling, and behind it. */
const OVERSCAN_AHEAD = 8;
const OVERSCAN_BEHIND = 2;

type Scroll = { top: number; left: number; up: boolean; far: boolean };

/** The scroll state for `el`'s position: which way it last moved up or down, and whether it
 * moved further than the rows' `height` in view (a fling or a jump: every row in view is new). */
function scrolledTo(el: HTMLElement, height: number) {
  const top = el.scrollTop;
  const left = Math.abs(el.scrollLeft);
  return (prev: Scroll): Scroll => ({ top, left, up: top === prev.top ? prev.up : top < prev.top, far: Math.abs(top - prev.top) > height });
}

export function useViewport({ scroller, layout, widths, frozenWidth = 0 }: {
  scroller: RefObject<HTMLDivElement | null>;
  /** Where the rows (and group headers) go. */
  layout: RowLayout;
  widths: number[];
  /** The width of the frozen columns, which keep their place when scrolling sideways. */
  frozenWidth?: number;
}) {
  const [scroll, setScroll] = useState<Scroll>({ top: 0, left: 0, up: false, far: false });
  const [viewport, setViewport] = useState({ width: 800, height: 480 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight - HEADER_HEIGHT - FOOTER_HEIGHT });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller]);

  // Kept while the scroll, the size and the layout stay (so that rows drawn before and
  // unchanged are not drawn again).
  // Rows are drawn ahead of the scrolling (the browser may scroll further before the next ones
  // are drawn) and few behind it: each row drawn costs a part of every frame.
  const rowsWin = useMemo(
    () => layoutWindow(scroll.top, viewport.height, layout, scroll.up ? { before: OVERSCAN_AHEAD, after: OVERSCAN_BEHIND } : { before: OVERSCAN_BEHIND, after: OVERSCAN_AHEAD }),
    [scroll.top, scroll.up, viewport.height, layout],
  );
  const colsWin = useMemo(() => columnWindow(scroll.left, viewport.width - ROW_NUMBER_WIDTH, widths), [scroll.left, viewport.width, widths]);
  const width = ROW_NUMBER_WIDTH + colsWin.totalWidth;
  const pages = useMemo(() => [...new Set(rowsWin.runs.flatMap((run) => pagesFor(run.first, run.last, PAGE_SIZE)))], [rowsWin]);

  /** Take the scroller's position (after it was scrolled from code). */
  const syncScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setScroll(scrolledTo(el, viewport.height));
  }, [scroller, viewport.height]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => setScroll(scrolledTo(e.currentTarget, viewport.height));

  /** Scroll the grid so that `cell` is in view (rows and columns alike); the row alone when
   * no column is given. */
  const scrollToCell = useCallback(
    (cell: { row: number; col?: number }) => {
      const el = scroller.current;
      if (!el) return;
      const h = viewport.height;
      const rh = layout.rowHeight;
      const y = rowTopIn(layout, cell.row);
      let moved = false;
      if (y !== null) {
        const top = layoutWindow(el.scrollTop, h, layout, 0).rowTop(cell.row);
        if (top < el.scrollTop) {
          el.scrollTop = scrollTopFor(y, h, layout.fullHeight);
          moved = true;
        } else if (top + rh > el.scrollTop + h) {
          el.scrollTop = scrollTopFor(y + rh - Math.floor(h / rh) * rh, h, layout.fullHeight);
          moved = true;
        }
      }
      if (cell.col !== undefined) {
        // Cells sit right of the sticky row numbers; scrollLeft is negative right-to-left.
        const rtl = getComputedStyle(el).direction === "rtl";
        // Frozen columns are always in view; the others scroll out from under them.
        const frozen = colsWin.lefts[cell.col] < frozenWidth;
        const left = frozen
          ? null
          : scrollLeftForColumn(cell.col, Math.abs(el.scrollLeft) + frozenWidth, viewport.width - ROW_NUMBER_WIDTH - frozenWidth, colsWin.lefts, widths);
        if (left !== null) {
          el.scrollLeft = rtl ? -(left - frozenWidth) : left - frozenWidth;
          moved = true;
        }
      }
      if (moved) setScroll(scrolledTo(el, h));
    },
    [scroller, viewport.height, viewport.width, layout, colsWin.lefts, widths, frozenWidth],
  );

  return { viewport, rowsWin, colsWin, width, pages, flying: scroll.far, onScroll, syncScroll, scrollToCell };
}
