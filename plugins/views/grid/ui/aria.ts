// The grid's ARIA positions. The header is row 1, so a record's row index is its position
// plus 2; the row numbers are column 1, so a field's column index is its position plus 2.
// A cell's id lets the grid name the active cell (aria-activedescendant) while the grid
// itself keeps the focus.
import type { Cell } from "./range";

/** The aria-rowindex of the record at 0-based position `row`. */
export const rowIndex = (row: number): number => row + 2;

/** The aria-colindex of the field at 0-based position `col`. */
export const columnIndex = (col: number): number => col + 2;

/** The DOM id of a cell of the grid whose id (React's useId) is `gridId`. */
export const cellId = (gridId: string, cell: Cell): string => `${gridId}-cell-${cell.row}-${cell.col}`;

/** Whether the grid draws `cell` now: its row is in a run of rows in view and its column is
 * frozen or in the columns in view (only a drawn cell may be named the active one). */
export function isDrawn(
  cell: Cell,
  runs: readonly { first: number; last: number }[],
  columns: { first: number; last: number; frozen: number },
): boolean {
  const inColumns = cell.col < columns.frozen || (cell.col >= columns.first && cell.col <= columns.last);
  return inColumns && runs.some((run) => cell.row >= run.first && cell.row <= run.last);
}
