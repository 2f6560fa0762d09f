// Editing cells in place: double-click, Enter, F2 or a typed key opens the cell's editor (the
// field type's, which works with values and starts from the typed key as fits its type, else
// a text input); a checkbox toggles at once. Enter, Tab or a click elsewhere closes it and
// moves on at once while the value saves in the background (one write after the other, so an
// undo never overtakes its edit); a refusal opens the editor again where it was, with what was
// typed and the server's words. Escape closes it without saving.
import { useEffect, useRef, useState, type KeyboardEvent, type MutableRefObject, type RefObject } from "react";
import { fieldText, hasFieldEditor, toast as notify, type FieldInfo, type RecordRow, type RecordWriter } from "@workbench/plugin-api";
import { isBoolean, isDialogEdited, isReadOnlyType, isSelfSaving, parseInput } from "./fields";
import type { EditHistory } from "./history";
import { EditingStore, type Editing } from "./editingStore";
import type { Cell } from "./range";
import type { GridSelection } from "./useSelection";

export type { Editing };

export type Write = <T>(send: () => PromiseLike<T>) => Promise<T>;

export function useCellEditing({ tableId, viewId, columns, pkName, canEdit, writer, history, write, recordAt, selection, scrollToCell, scroller }: {
  tableId: string;
  viewId?: string;
  columns: FieldInfo[];
  pkName: string;
  canEdit: boolean;
  writer: RecordWriter;
  history: MutableRefObject<EditHistory>;
  write: Write;
  recordAt(row: number): RecordRow | undefined;
  selection: Pick<GridSelection, "setActive" | "setRangeEnd" | "moveTo">;
  scrollToCell(cell: Cell): void;
  scroller: RefObject<HTMLDivElement | null>;
}) {
  // The open editor: its rows draw it (the grid is not drawn again when it opens, closes or
  // is typed into).
  const [store] = useState(() => new EditingStore());
  const setEditing = (next: Editing | null) => store.open(next);
  // Escape closes the editor; the blur that follows must not save.
  const cancelled = useRef(false);

  useEffect(() => {
    setEditing(null);
  }, [tableId, viewId]);

  /** Write `value` into `cell`'s record; rejects with the server's words. */
  const save = async (cell: Cell, value: unknown): Promise<boolean> => {
    const column = columns[cell.col];
    const record = recordAt(cell.row);
    if (!record || !column) return true;
    if (record[column.title] === value) return true;
    // Recorded at once, so that an undo pressed while the save is under way still finds it.
    const entry = { pk: record[pkName], field: column.title, before: record[column.title], after: value };
    history.current.record(entry);
    const result = await write(() => writer.update(entry.pk, { [entry.field]: value }));
    if (result.error) {
      history.current.discard(entry);
      if (isBoolean(column.uidt)) notify(result.error.message, "danger");
      return Promise.reject(result.error.message);
    }
    return true;
  };

  const startEditing = (cell: Cell, text?: string) => {
    if (!canEdit) return;
    const column = columns[cell.col];
    if (!column || isReadOnlyType(column.uidt)) return;
    const record = recordAt(cell.row);
    if (!record) return;
    if (isBoolean(column.uidt)) {
      void save(cell, !record[column.title]);
      return;
    }
    cancelled.current = false;
    // A plugin editor works with values and starts from the typed key as fits its type (text
    // from it, a select filters its options by it, ...); a dialog opens on the current value.
    const typed = text !== undefined && !isDialogEdited(column.uidt) ? text : undefined;
    const pristine = hasFieldEditor(column.uidt);
    setEditing({ ...cell, text: text ?? fieldText(record[column.title], column), typed, pristine, error: null, saving: false });
  };

  /** Close the editor and save its value, then move the active cell (by a step, or to the
   * cell that was clicked). The editor closes and the cursor moves at once, so what is typed
   * next goes to the new cell; the save follows in the background. If the server refuses the
   * value, the editor opens again where it was, with the text and the server's message (or,
   * when another edit has begun meanwhile, the message shows in a toast). */
  const commit = (move?: { dRow: number; dCol: number } | { to: Cell }) => {
    const editing = store.current();
    if (!editing || editing.saving) return;
    const column = columns[editing.col];
    const close = () => {
      setEditing(null);
      if (move) selection.moveTo("to" in move ? move.to : { row: editing.row + move.dRow, col: editing.col + move.dCol });
      scroller.current?.focus({ preventScroll: true });
    };
    if (column && isSelfSaving(column.uidt)) {
      // The link picker saved each change through the links API already.
      setEditing(null);
      scroller.current?.focus({ preventScroll: true });
      return;
    }
    if (!editing.value && editing.pristine) {
      // A plugin editor left as it opened: close without writing.
      close();
      return;
    }
    const saved = save(editing, editing.value ? editing.value.v : parseInput(editing.text, column));
    close();
    saved.catch((message) => {
      if (store.current()) {
        notify(`${column?.title ?? ""}: ${String(message)}`, "danger");
        return;
      }
      // A plugin editor opens again from the text it sent (its own state went with it);
      // the text input keeps `text`.
      const refused = editing.value?.v;
      const typed = typeof refused === "string" ? refused : editing.typed;
      setEditing({ ...editing, typed, saving: false, error: String(message) });
      selection.setActive({ row: editing.row, col: editing.col });
      selection.setRangeEnd(null);
      scrollToCell(editing);
    });
  };

  const onEditKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit({ dRow: 1, dCol: 0 });
    } else if (event.key === "Tab") {
      event.preventDefault();
      commit({ dRow: 0, dCol: event.shiftKey ? -1 : 1 });
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancelled.current = true;
      setEditing(null);
      scroller.current?.focus({ preventScroll: true });
    }
  };

  // What is typed stays with the editor (its cell draws it again, the grid does not): the
  // store keeps it for the save, and the editor is handed its new state to show.
  const onEditText = (text: string): Editing | null => {
    const current = store.current();
    if (!current) return null;
    const next = { ...current, text, pristine: false, error: null };
    store.update(next);
    return next;
  };
  const onEditValue = (value: unknown): Editing | null => {
    const current = store.current();
    // An editor opened again repeats the refused value: its error stays.
    if (!current || (current.value && Object.is(current.value.v, value))) return null;
    const next = { ...current, value: { v: value }, error: null };
    store.update(next);
    return next;
  };
  const onEditBlur = () => {
    const current = store.current();
    if (current && !current.error && !cancelled.current) commit();
  };

  return { store, current: store.current, save, startEditing, commit, onEditKey, onEditText, onEditValue, onEditBlur };
}

export type CellEditingState = ReturnType<typeof useCellEditing>;
