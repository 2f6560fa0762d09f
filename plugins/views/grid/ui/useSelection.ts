// The grid's selection: the active cell, and the other corner of a selected block (shift+click,
// shift+arrows, a drag, Ctrl/Cmd+A). Moving keeps the active cell in the grid and in view; a
// drag selects until the mouse button is released anywhere; a live reload that adds or
// removes rows above the active cell moves it with its record.
import { useEffect, useRef, useState } from "react";
import type { RecordRow } from "@workbench/plugin-api";
import { useFollowRecord } from "./followRecord";
import { blockOf, isRange, type Cell } from "./range";

export function useSelection({ tableId, viewId, rowCount, columnCount, pkName, recordAt, scrollToCell }: {
  tableId: string;
  viewId?: string;
  rowCount: number;
  columnCount: number;
  pkName: string;
  recordAt(row: number): RecordRow | undefined;
  scrollToCell(cell: { row: number; col?: number }): void;
}) {
  const [active, setActive] = useState<Cell | null>(null);
  // The other corner of a selected block (the active cell is its anchor), or null.
  const [rangeEnd, setRangeEnd] = useState<Cell | null>(null);
  const selection = active ? { anchor: active, focus: rangeEnd ?? active } : null;
  const block = selection && isRange(selection) ? blockOf(selection) : null;

  useEffect(() => {
    setActive(null);
    setRangeEnd(null);
  }, [tableId, viewId]);

  // A drag selects cells until the mouse button is released anywhere.
  const dragging = useRef(false);
  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener("mouseup", stop);
    return () => window.removeEventListener("mouseup", stop);
  }, []);

  // The selection stays on its record when a live reload adds or removes rows above it.
  useFollowRecord({
    tableId,
    active,
    pkName,
    recordAt,
    onMoved: (delta) => {
      setActive((cell) => cell && { ...cell, row: cell.row + delta });
      setRangeEnd((cell) => cell && { ...cell, row: Math.max(0, cell.row + delta) });
    },
  });

  /** Make `cell` the active one (kept in the grid), alone, and scroll it into view. */
  const moveTo = (cell: Cell) => {
    if (rowCount === 0 || columnCount === 0) return;
    const next = {
      row: Math.min(rowCount - 1, Math.max(0, cell.row)),
      col: Math.min(columnCount - 1, Math.max(0, cell.col)),
    };
    setActive(next);
    setRangeEnd(null);
    scrollToCell(next);
  };

  return { active, setActive, rangeEnd, setRangeEnd, selection, block, dragging, moveTo };
}

export type GridSelection = ReturnType<typeof useSelection>;
