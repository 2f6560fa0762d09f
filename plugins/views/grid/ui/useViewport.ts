// The grid's scrolling: the part of its rows and columns in view (the only ones drawn), the
// pages of records they need, and scrolling a cell into view.
import { useCallback, useLayoutEffect, useState, type RefObject, type UIEvent } from "react";
import { HEADER_HEIGHT, ROW_HEIGHT, ROW_NUMBER_WIDTH } from "./layout";
import { PAGE_SIZE } from "./pages";
import { columnWindow, pagesFor, rowWindow, scrollLeftForColumn, scrollTopForRow } from "./virtual";

export function useViewport({ scroller, rowCount, widths }: { scroller: RefObject<HTMLDivElement | null>; rowCount: number; widths: number[] }) {
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [viewport, setViewport] = useState({ width: 800, height: 480 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight - HEADER_HEIGHT });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller]);

  const rowsWin = rowWindow(scroll.top, viewport.height, rowCount, ROW_HEIGHT);
  const colsWin = columnWindow(scroll.left, viewport.width - ROW_NUMBER_WIDTH, widths);
  const width = ROW_NUMBER_WIDTH + colsWin.totalWidth;
  const pages = pagesFor(rowsWin.first, rowsWin.last, PAGE_SIZE);

  /** Take the scroller's position (after it was scrolled from code). */
  const syncScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setScroll({ top: el.scrollTop, left: Math.abs(el.scrollLeft) });
  }, [scroller]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => setScroll({ top: e.currentTarget.scrollTop, left: Math.abs(e.currentTarget.scrollLeft) });

  /** Scroll the grid so that `cell` is in view (rows and columns alike); the row alone when
   * no column is given. */
  const scrollToCell = useCallback(
    (cell: { row: number; col?: number }) => {
      const el = scroller.current;
      if (!el) return;
      const h = viewport.height;
      const top = rowWindow(el.scrollTop, h, rowCount, ROW_HEIGHT, 0).rowTop(cell.row);
      let moved = false;
      if (top < el.scrollTop) {
        el.scrollTop = scrollTopForRow(cell.row, h, rowCount, ROW_HEIGHT);
        moved = true;
      } else if (top + ROW_HEIGHT > el.scrollTop + h) {
        el.scrollTop = scrollTopForRow(Math.max(0, cell.row - Math.floor(h / ROW_HEIGHT) + 1), h, rowCount, ROW_HEIGHT);
        moved = true;
      }
      if (cell.col !== undefined) {
        // Cells sit right of the sticky row numbers; scrollLeft is negative right-to-left.
        const rtl = getComputedStyle(el).direction === "rtl";
        const left = scrollLeftForColumn(cell.col, Math.abs(el.scrollLeft), viewport.width - ROW_NUMBER_WIDTH, colsWin.lefts, widths);
        if (left !== null) {
          el.scrollLeft = rtl ? -left : left;
          moved = true;
        }
      }
      if (moved) setScroll({ top: el.scrollTop, left: Math.abs(el.scrollLeft) });
    },
    [scroller, viewport.height, viewport.width, rowCount, colsWin.lefts, widths],
  );

  return { viewport, rowsWin, colsWin, width, pages, onScroll, syncScroll, scrollToCell };
}
