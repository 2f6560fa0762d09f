// Range selection in the grid: an anchor cell (where the selection started) and a focus
// cell (where shift+click or shift+arrows moved it); the block between them is selected.

export interface Cell {
  row: number;
  col: number;
}

export interface Selection {
  anchor: Cell;
  focus: Cell;
}

export interface Block {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export function blockOf(selection: Selection): Block {
  const { anchor, focus } = selection;
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  };
}

export function inBlock(block: Block | null, row: number, col: number): boolean {
  return !!block && row >= block.top && row <= block.bottom && col >= block.left && col <= block.right;
}

export function blockSize(block: Block): { rows: number; cols: number } {
  return { rows: block.bottom - block.top + 1, cols: block.right - block.left + 1 };
}

/** The selection after moving its focus by (dRow, dCol), kept inside the grid. */
export function extendSelection(selection: Selection, dRow: number, dCol: number, rowCount: number, colCount: number): Selection {
  const clamp = (v: number, max: number) => Math.min(Math.max(0, max - 1), Math.max(0, v));
  return {
    anchor: selection.anchor,
    focus: { row: clamp(selection.focus.row + dRow, rowCount), col: clamp(selection.focus.col + dCol, colCount) },
  };
}

/** Whether the selection is more than its anchor cell. */
export function isRange(selection: Selection | null): boolean {
  return !!selection && (selection.anchor.row !== selection.focus.row || selection.anchor.col !== selection.focus.col);
}
