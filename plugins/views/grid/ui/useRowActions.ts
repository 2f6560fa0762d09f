// Undo and redo, and the records the toolbar adds and deletes. Ctrl/Cmd+Z undoes (and
// Shift+Z or Y redoes) the last cell edit, paste or cleared range, or the last deleted
// records, as a whole. Deleting takes the active record or every record of the selected
// block's rows (their linked records read first, so that an undo brings them back linked); a
// toast offers the undo too. A new record comes last, active and in view (or where the grid
// shows it, see showAdded).
import { useState, type MutableRefObject, type RefObject } from "react";
import { useIntl } from "react-intl";
import { toast as notify, useRecordsReader, type FieldInfo, type RecordRow, type RecordWriter } from "@workbench/plugin-api";
import { isBatch, type EditHistory } from "./history";
import { isRemoval, type Removal } from "./rowRemoval";
import type { Write } from "./useCellEditing";
import { DELETE_LIMIT, useRowDeletes } from "./useRowDeletes";
import type { RangeEdits } from "./useRangeEdits";
import type { GridSelection } from "./useSelection";

export function useRowActions(options: {
  tableId: string;
  projectId?: string;
  pkName: string;
  /** Every field of the table (an undo of a delete brings back hidden ones too). */
  allColumns: readonly FieldInfo[];
  canEdit: boolean;
  rowCount: number;
  writer: RecordWriter;
  history: MutableRefObject<EditHistory>;
  write: Write;
  rangeEdits: RangeEdits;
  selection: GridSelection;
  recordAt(row: number): RecordRow | undefined;
  loadRows(first: number, last: number): Promise<void>;
  scroller: RefObject<HTMLDivElement | null>;
  syncScroll(): void;
  /** Show a new record elsewhere than last (a grouped grid opens it in the record form):
   * true when it did. */
  showAdded?(record: RecordRow): boolean;
}) {
  const { tableId, projectId, pkName, canEdit, rowCount, writer, history, write, rangeEdits, selection, recordAt, loadRows } = options;
  const intl = useIntl();
  const reader = useRecordsReader();
  const rowDeletes = useRowDeletes({ projectId, writer, pkName, columns: options.allColumns, write });
  const [adding, setAdding] = useState(false);

  /** Whether the first record of a removal is in the table (an undo got as far as inserting them). */
  const recordsExist = async (removal: Removal) => {
    const pk = removal.removed[0]?.pk;
    if (pk === undefined) return false;
    return !!(await reader.record(tableId, pk));
  };

  /** Undo (or redo) the last cell edit, the last paste or cleared range, or the last deleted
   * records, as a whole. */
  const replay = async (direction: "undo" | "redo") => {
    if (!canEdit) return;
    const edit = direction === "undo" ? history.current.undo() : history.current.redo();
    if (!edit) return;
    if (isRemoval(edit)) {
      const problem = direction === "undo" ? await rowDeletes.restore(edit) : await rowDeletes.remove(edit);
      if (problem) notify(problem, "danger");
      if (problem && direction === "redo") history.current.restoreRedo(edit);
      // An undo that inserted the records but could not link one back keeps the records.
      if (problem && direction === "undo" && !(await recordsExist(edit))) history.current.restoreUndo(edit);
      return;
    }
    if (isBatch(edit)) {
      if (!(await rangeEdits.replayBatch(edit, direction))) {
        if (direction === "undo") history.current.restoreUndo(edit);
        else history.current.restoreRedo(edit);
      }
      return;
    }
    const value = direction === "undo" ? edit.before : edit.after;
    const result = await write(() => writer.update(edit.pk, { [edit.field]: value }));
    if (result.error) {
      if (direction === "undo") history.current.restoreUndo(edit);
      else history.current.restoreRedo(edit);
      notify(result.error.message, "danger");
    }
  };

  /** The toast's undo: the last step, as Ctrl+Z; or, if edits came after it, these records alone. */
  const undoRemoval = async (removal: Removal) => {
    if (history.current.last === removal) return replay("undo");
    const problem = await rowDeletes.restore(removal);
    if (problem) return notify(problem, "danger");
    history.current.discard(removal);
  };

  /** Delete the active record, or every record of the selected block's rows; a toast offers
   * to undo it, as Ctrl+Z does. */
  const deleteSelected = async () => {
    const { active, block, setActive, setRangeEnd } = selection;
    if (!active) return;
    const top = block ? block.top : active.row;
    const bottom = block ? block.bottom : active.row;
    // Deleting (with undo) reads the records through their project: none, no delete.
    if (!projectId) return notify(intl.formatMessage({ id: "plugin.view_grid.grid.projectIdMissing" }), "warning");
    if (bottom - top + 1 > DELETE_LIMIT) {
      notify(intl.formatMessage({ id: "plugin.view_grid.grid.delete.tooMany" }, { count: bottom - top + 1, limit: DELETE_LIMIT }), "warning");
      return;
    }
    await loadRows(top, bottom);
    const keys: unknown[] = [];
    for (let row = top; row <= bottom; row += 1) {
      const record = recordAt(row);
      if (record) keys.push(record[pkName]);
    }
    if (!keys.length) return;
    let removal: Removal;
    try {
      removal = { removed: await rowDeletes.snapshot(keys) };
    } catch (error) {
      return notify(error instanceof Error ? error.message : String(error), "danger");
    }
    const problem = await rowDeletes.remove(removal);
    if (problem) return notify(problem, "danger");
    history.current.record(removal);
    const left = rowCount - keys.length;
    setActive(left > 0 ? { row: Math.min(top, left - 1), col: active.col } : null);
    setRangeEnd(null);
    notify(intl.formatMessage({ id: "plugin.view_grid.grid.deleted" }, { count: keys.length }), "primary", {
      text: intl.formatMessage({ id: "plugin.view_grid.common.undo" }),
      onClick: () => void undoRemoval(removal),
    });
  };

  /** Add an empty record: it comes last, active and in view. */
  const addRecord = async () => {
    setAdding(true);
    const result = await writer.create({}).finally(() => setAdding(false));
    if (result.error) return notify(result.error.message, "danger");
    if (options.showAdded?.(result.data)) return;
    const row = rowCount; // the new record comes last
    selection.setActive({ row, col: 0 });
    requestAnimationFrame(() => {
      const el = options.scroller.current;
      if (el) {
        el.scrollTop = el.scrollHeight;
        options.syncScroll();
        el.focus();
      }
    });
  };

  return { replay, deleteSelected, addRecord, adding };
}
