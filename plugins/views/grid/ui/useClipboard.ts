// Copy and paste in the grid: a copy takes the active cell, or the selected block as
// tab-separated text (its rows not loaded yet are read first); a paste puts one value into the
// active cell, a block of text from the active cell (or the selection's top left), or one value
// into every cell of the selection.
import type { ClipboardEvent } from "react";
import { toast as notify, type FieldInfo } from "@workbench/plugin-api";
import { isReadOnlyType, parseInput } from "./fields";
import { parseTsv } from "./tsv";
import type { BlockCopy } from "./useBlockCopy";
import type { CellEditingState } from "./useCellEditing";
import type { RangeEdits } from "./useRangeEdits";
import type { GridSelection } from "./useSelection";

export function useClipboard({ columns, canEdit, selection, cells, blockCopy, rangeEdits }: {
  columns: FieldInfo[];
  canEdit: boolean;
  selection: GridSelection;
  cells: CellEditingState;
  blockCopy: BlockCopy;
  rangeEdits: RangeEdits;
}) {
  const onCopy = (event: ClipboardEvent) => {
    const { active, block } = selection;
    if (cells.current() || !active) return;
    const area = block ?? { top: active.row, bottom: active.row, left: active.col, right: active.col };
    blockCopy.copy(event, area, !block);
  };

  const onPaste = (event: ClipboardEvent) => {
    const { active, block } = selection;
    if (cells.current() || !active || !canEdit) return;
    event.preventDefault();
    const text = event.clipboardData.getData("text/plain");
    const parsed = /[\t\n\r]/.test(text.replace(/\r?\n$/, "")) ? parseTsv(text) : [[text.replace(/\r?\n$/, "")]];
    const single = parsed.length === 1 && parsed[0].length === 1;
    if (single && !block) {
      const column = columns[active.col];
      if (!column || isReadOnlyType(column.uidt)) return;
      cells.save(active, parseInput(parsed[0][0], column)).catch((message) => notify(String(message), "danger"));
      return;
    }
    const start = block ? { row: block.top, col: block.left } : active;
    const filled = single && block
      ? Array.from({ length: block.bottom - block.top + 1 }, () => Array.from({ length: block.right - block.left + 1 }, () => parsed[0][0]))
      : parsed;
    rangeEdits.paste(filled, start);
  };

  return { onCopy, onPaste };
}
