// Edits of many cells at once: pasting a block, clearing a selected range, and undoing or
// redoing them as one step. Each is one bulk request (all or nothing on the server).
import { useState, type MutableRefObject } from "react";
import { toast as notify, type FieldInfo as Column, type HostError, type Outcome, type RecordRow, type RecordWriter } from "@workbench/plugin-api";
import { isBoolean, isReadOnlyType } from "./fields";
import { EditHistory, rowBodies, type Batch, type Edit } from "./history";
import { planPaste, rowsPastEnd, type InvalidCell } from "./paste";
import type { Block, Cell } from "./range";

export interface PendingPaste {
  block: string[][];
  start: Cell;
  /** Rows of the block past the last record. */
  extra: number;
}

interface Options {
  /** Writes to the table's records. */
  writer: RecordWriter;
  pkName: string;
  columns: Column[];
  rowCount: number;
  /** The record at a row, once its page is loaded. */
  recordAt(row: number): RecordRow | undefined;
  /** Load the pages holding rows first..last. */
  loadRows(first: number, last: number): Promise<void>;
  /** Run a write after the ones already queued. */
  write<T>(send: () => PromiseLike<T>): Promise<T>;
  history: MutableRefObject<EditHistory>;
}

export function useRangeEdits({ writer, pkName, columns, rowCount, recordAt, loadRows, write, history }: Options) {
  const [pending, setPending] = useState<PendingPaste | null>(null);
  const [invalid, setInvalid] = useState<InvalidCell[]>([]);
  const [busy, setBusy] = useState(false);

  const failed = (result: Outcome<unknown>) => {
    if (!result.error) return false;
    notify(result.error.message, "danger");
    return true;
  };

  const refusedValue = (error: HostError | undefined) => error?.status === 400 || error?.status === 422;

  /** Update the records in one request; when the server refuses a value, record by record,
   * so that the others are written and each refused one is reported with the server's words. */
  const updateAll = async (changes: Edit[]): Promise<{ done: Edit[]; refused: { pk: unknown; message: string }[] }> => {
    const bodies = rowBodies(changes, pkName, "after");
    const result = await write(() => writer.updateMany(bodies));
    if (!("error" in result) || !result.error) return { done: changes, refused: [] };
    if (!refusedValue(result.error) || bodies.length === 1) {
      if (!refusedValue(result.error)) failed(result);
      const message = result.error.message;
      return { done: [], refused: refusedValue(result.error) ? [{ pk: bodies[0][pkName], message }] : [] };
    }
    const done: Edit[] = [];
    const refused: { pk: unknown; message: string }[] = [];
    for (const body of bodies) {
      const one = await write(() => writer.updateMany([body]));
      if ("error" in one && one.error) refused.push({ pk: body[pkName], message: one.error.message });
      else done.push(...changes.filter((c) => c.pk === body[pkName]));
    }
    return { done, refused };
  };

  /** Add the records in one request, else one by one; the refused ones are reported. */
  const createAll = async (rows: RecordRow[]): Promise<{ created: Batch["created"]; refused: { index: number; message: string }[] }> => {
    const keysOf = (result: Outcome<RecordRow[]>) => result.data ?? [];
    const result = await write(() => writer.createMany(rows));
    if (!("error" in result) || !result.error) {
      return { created: rows.map((values, i) => ({ pk: keysOf(result)[i]?.[pkName], values })), refused: [] };
    }
    if (!refusedValue(result.error)) {
      failed(result);
      return { created: [], refused: [] };
    }
    const created: Batch["created"] = [];
    const refused: { index: number; message: string }[] = [];
    for (const [index, values] of rows.entries()) {
      const one = await write(() => writer.createMany([values]));
      if ("error" in one && one.error) refused.push({ index, message: one.error.message });
      else created.push({ pk: keysOf(one)[0]?.[pkName], values });
    }
    return { created, refused };
  };

  /** Write the changes and add the new rows; record one undo step for what was written.
   * Returns the cells the server refused. */
  const apply = async (changes: Edit[], newRows: RecordRow[], newRowsStart = 0): Promise<InvalidCell[]> => {
    const refusedCells: InvalidCell[] = [];
    const batch: Batch = { changes: [], created: [] };
    if (changes.length > 0) {
      const { done, refused } = await updateAll(changes);
      batch.changes = done;
      for (const { pk, message } of refused) {
        for (const change of changes.filter((c) => c.pk === pk)) {
          const cell = cellOf(change);
          if (cell) refusedCells.push({ ...cell, text: textOf(change.after), reason: "readOnly", message });
        }
      }
    }
    if (newRows.length > 0) {
      const { created, refused } = await createAll(newRows);
      batch.created = created;
      for (const { index, message } of refused) {
        for (const [field, value] of Object.entries(newRows[index])) {
          const col = columns.findIndex((c) => c.title === field);
          refusedCells.push({ row: newRowsStart + index, col, text: textOf(value), reason: "readOnly", message });
        }
      }
    }
    if (batch.changes.length > 0 || batch.created.length > 0) history.current.record(batch);
    return refusedCells;
  };

  const textOf = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
  // Where a change was made: its row and column, from the rows it was planned for.
  const planned = new Map<Edit, { row: number; col: number }>();
  const cellOf = (change: Edit) => planned.get(change);

  /** Cell edits from (row, col, value) writes, leaving out unchanged cells. */
  const editsFor = (writes: { row: number; col: number; value: unknown }[]): Edit[] => {
    const edits: Edit[] = [];
    for (const w of writes) {
      const record = recordAt(w.row);
      const column = columns[w.col];
      if (!record || !column) continue;
      const before = record[column.title] ?? null;
      if (before === w.value || JSON.stringify(before) === JSON.stringify(w.value)) continue;
      const edit = { pk: record[pkName], field: column.title, before, after: w.value };
      planned.set(edit, { row: w.row, col: w.col });
      edits.push(edit);
    }
    return edits;
  };

  const run = async (block: string[][], start: Cell, addRows: boolean) => {
    setBusy(true);
    try {
      const plan = planPaste(block, start, columns, rowCount, addRows);
      const last = Math.min(rowCount - 1, start.row + block.length - 1);
      if (last >= start.row) await loadRows(start.row, last);
      const refused = await apply(editsFor(plan.writes), plan.newRows, rowCount);
      setInvalid([...plan.invalid, ...refused].sort((a, b) => a.row - b.row || a.col - b.col));
    } finally {
      setBusy(false);
    }
  };

  /** Paste a block with its top left at `start`; asks first when it runs past the last row. */
  const paste = (block: string[][], start: Cell) => {
    const extra = rowsPastEnd(block.length, start.row, rowCount);
    if (extra > 0) setPending({ block, start, extra });
    else void run(block, start, false);
  };

  const confirmPending = (addRows: boolean | null) => {
    const current = pending;
    setPending(null);
    if (current && addRows !== null) void run(current.block, current.start, addRows);
  };

  /** Clear every editable cell of the block (checkboxes are unticked). */
  const clear = async (block: Block) => {
    await loadRows(block.top, block.bottom);
    const writes = [];
    for (let row = block.top; row <= block.bottom; row += 1) {
      for (let col = block.left; col <= block.right; col += 1) {
        const column = columns[col];
        if (!column || isReadOnlyType(column.uidt)) continue;
        writes.push({ row, col, value: isBoolean(column.uidt) ? false : null });
      }
    }
    const refused = await apply(editsFor(writes), []);
    setInvalid(refused);
  };

  /** Undo or redo a batch: one bulk update, and the added records deleted or added again. */
  const replayBatch = async (batch: Batch, direction: "undo" | "redo"): Promise<boolean> => {
    const side = direction === "undo" ? "before" : "after";
    if (direction === "undo" && batch.created.length > 0) {
      const keys = batch.created.map((c) => ({ [pkName]: c.pk }));
      if (failed(await write(() => writer.deleteMany(keys)))) return false;
    }
    if (batch.changes.length > 0) {
      const result = await write(() => writer.updateMany(rowBodies(batch.changes, pkName, side)));
      if (failed(result)) return false;
    }
    if (direction === "redo" && batch.created.length > 0) {
      const result = await write(() => writer.createMany(batch.created.map((c) => c.values)));
      if (failed(result)) return false;
      const keys = result.data ?? [];
      batch.created = batch.created.map((c, i) => ({ ...c, pk: keys[i]?.[pkName] }));
    }
    return true;
  };

  return { paste, clear, replayBatch, pending, confirmPending, invalid, closeInvalid: () => setInvalid([]), busy };
}

export type RangeEdits = ReturnType<typeof useRangeEdits>;
