// The grid's keys while no cell is edited: arrows, Tab, Page Up/Down, Home and End move
// (Ctrl/Cmd+Home and End to the corners); shift+arrows extend the selection, Ctrl/Cmd+A
// selects every cell and Escape drops the selection; Enter or F2 edits the active cell, a
// typed key edits it from that key; Delete or Backspace clears the cell, or the selected
// block; Ctrl/Cmd+Z and Y undo and redo; Shift+Space expands the record. Keys start at the
// first cell when none is active; Tab past the last field (Shift+Tab before the first) leaves
// the grid for the next control, so no keyboard user is held in it. Keys pressed in the
// header's buttons and menus are theirs.
import type { KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { toast as notify, type FieldInfo } from "@workbench/plugin-api";
import { BLOCK_CELL_LIMIT, cellCount } from "./blockCopy";
import { isBoolean, isReadOnlyType } from "./fields";
import { extendSelection, type Cell } from "./range";
import type { CellEditingState } from "./useCellEditing";
import type { RangeEdits } from "./useRangeEdits";
import type { GridSelection } from "./useSelection";

/** The keys that, with no cell active, make the first cell the active one. */
const NAVIGATION_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

export function useGridKeys({ columns, rowCount, viewportHeight, rowHeight, canEdit, selection, cells, rangeEdits, replay, scrollToCell, onExpand }: {
  columns: FieldInfo[];
  rowCount: number;
  viewportHeight: number;
  rowHeight: number;
  canEdit: boolean;
  selection: GridSelection;
  cells: CellEditingState;
  rangeEdits: RangeEdits;
  replay(direction: "undo" | "redo"): Promise<void>;
  scrollToCell(cell: Cell): void;
  /** Open the active cell's record in the expanded form. */
  onExpand(): void;
}) {
  const intl = useIntl();
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const { active, rangeEnd, block, setActive, setRangeEnd, moveTo } = selection;
    if (cells.current() || event.target !== event.currentTarget) return;
    if (!active) {
      if (NAVIGATION_KEYS.has(event.key) && rowCount > 0 && columns.length > 0) {
        event.preventDefault();
        moveTo({ row: 0, col: 0 });
      }
      return;
    }
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === "Tab" && (event.shiftKey ? active.col === 0 : active.col === columns.length - 1)) return;
    if (event.key === " " && event.shiftKey) {
      event.preventDefault();
      onExpand();
      return;
    }
    if (mod && event.key.toLowerCase() === "z") {
      event.preventDefault();
      void replay(event.shiftKey ? "redo" : "undo");
      return;
    }
    if (mod && event.key.toLowerCase() === "y") {
      event.preventDefault();
      void replay("redo");
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Tab: [0, event.shiftKey ? -1 : 1],
    };
    const arrow = event.key.startsWith("Arrow") ? moves[event.key] : undefined;
    if (arrow && event.shiftKey && selection.selection) {
      event.preventDefault();
      const next = extendSelection(selection.selection, arrow[0], arrow[1], rowCount, columns.length);
      setRangeEnd(next.focus);
      scrollToCell(next.focus);
      return;
    }
    if (mod && event.key.toLowerCase() === "a" && rowCount > 0 && columns.length > 0) {
      // Select every cell of the grid (its rows need not be loaded: a copy fetches them).
      event.preventDefault();
      setActive({ row: 0, col: 0 });
      setRangeEnd({ row: rowCount - 1, col: columns.length - 1 });
      return;
    }
    if (event.key === "Escape" && rangeEnd) {
      event.preventDefault();
      setRangeEnd(null);
      return;
    }
    const pageRows = Math.max(1, Math.floor(viewportHeight / rowHeight) - 1);
    const jumps: Record<string, Cell> = {
      PageDown: { row: active.row + pageRows, col: active.col },
      PageUp: { row: active.row - pageRows, col: active.col },
      Home: mod ? { row: 0, col: 0 } : { row: active.row, col: 0 },
      End: mod ? { row: rowCount - 1, col: columns.length - 1 } : { row: active.row, col: columns.length - 1 },
    };
    if (jumps[event.key]) {
      event.preventDefault();
      moveTo(jumps[event.key]);
      return;
    }
    if ((event.key === "Delete" || event.key === "Backspace") && canEdit && block) {
      event.preventDefault();
      if (cellCount(block) > BLOCK_CELL_LIMIT) {
        notify(intl.formatMessage({ id: "plugin.view_grid.grid.block.tooLarge" }, { cells: cellCount(block), limit: BLOCK_CELL_LIMIT }), "warning");
        return;
      }
      void rangeEdits.clear(block);
      return;
    }
    if ((event.key === "Delete" || event.key === "Backspace") && canEdit) {
      const column = columns[active.col];
      if (column && !isReadOnlyType(column.uidt)) {
        event.preventDefault();
        cells.save(active, isBoolean(column.uidt) ? false : null).catch((message) => notify(String(message), "danger"));
      }
      return;
    }
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo({ row: active.row + move[0], col: active.col + move[1] });
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      cells.startEditing(active);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      cells.startEditing(active, event.key);
    }
  };
}
