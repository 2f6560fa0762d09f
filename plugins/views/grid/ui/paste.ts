// Pasting a block of text into the grid: each cell's text is coerced through its field type
// (numbers, checkboxes, selects, dates, ...); what does not fit is reported per cell and not
// written, the rest goes to the server as one bulk update (and new records when the block runs
// past the last row and the user agreed).
import { fieldType, type FieldInfo as Column } from "@workbench/plugin-api";
import { choiceKind, isNumeric, isReadOnlyType } from "./fields";

const TRUE_TEXTS = new Set(["true", "1", "yes", "y", "on", "checked", "✓", "✔", "x"]);
const FALSE_TEXTS = new Set(["false", "0", "no", "n", "off", "unchecked", ""]);

/** Why a pasted text does not fit its field (a message id suffix: `paste.invalid.<reason>`). */
export type InvalidReason = "number" | "integer" | "checkbox" | "option" | "date" | "datetime" | "json" | "readOnly";

export type Coerced = { ok: true; value: unknown } | { ok: false; reason: InvalidReason };

type FieldLike = Pick<Column, "uidt" | "colOptions">;

function optionTitles(column: FieldLike): string[] {
  const options = column.colOptions?.options;
  return Array.isArray(options) ? options.map((o: { title: string }) => o.title) : [];
}

/** The value to write for a pasted text, or why it does not fit the field. */
export function coerceCell(text: string, column: FieldLike): Coerced {
  const t = text.trim();
  const uidt = column.uidt;
  if (isReadOnlyType(uidt)) return { ok: false, reason: "readOnly" };
  const as = fieldType(uidt)?.capabilities.export;
  const choice = choiceKind(uidt);
  if (as === "boolean") {
    const lower = t.toLowerCase();
    if (TRUE_TEXTS.has(lower)) return { ok: true, value: true };
    if (FALSE_TEXTS.has(lower)) return { ok: true, value: false };
    return { ok: false, reason: "checkbox" };
  }
  if (t === "") return { ok: true, value: null };
  if (isNumeric(uidt)) {
    const n = Number(t.replace(/%$/, "").replace(/,/g, ""));
    if (!Number.isFinite(n)) return { ok: false, reason: "number" };
    return { ok: true, value: n };
  }
  if (choice === "single") {
    const match = optionTitles(column).find((o) => o === t) ?? optionTitles(column).find((o) => o.toLowerCase() === t.toLowerCase());
    return match === undefined ? { ok: false, reason: "option" } : { ok: true, value: match };
  }
  if (choice === "multi") {
    const titles = optionTitles(column);
    const picked: string[] = [];
    for (const part of t.split(",").map((p) => p.trim()).filter(Boolean)) {
      const match = titles.find((o) => o === part) ?? titles.find((o) => o.toLowerCase() === part.toLowerCase());
      if (match === undefined) return { ok: false, reason: "option" };
      if (!picked.includes(match)) picked.push(match);
    }
    return { ok: true, value: picked.join(",") };
  }
  if (as === "date") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
    if (!m || Number.isNaN(Date.parse(`${t}T00:00:00Z`))) return { ok: false, reason: "date" };
    return { ok: true, value: t };
  }
  if (as === "datetime") {
    if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?/.test(t) || Number.isNaN(Date.parse(t.replace(" ", "T")))) {
      return { ok: false, reason: "datetime" };
    }
    return { ok: true, value: t };
  }
  if (as === "json") {
    try {
      return { ok: true, value: JSON.parse(t) };
    } catch {
      return { ok: false, reason: "json" };
    }
  }
  return { ok: true, value: text };
}

export interface CellWrite {
  row: number;
  col: number;
  value: unknown;
}

export interface InvalidCell {
  row: number;
  col: number;
  text: string;
  reason: InvalidReason;
  /** The server's words when it refused the value (the reason is then not shown). */
  message?: string;
}

export interface PastePlan {
  /** Writes into existing rows. */
  writes: CellWrite[];
  /** Values of the records to add (one per block row past the end), field title -> value. */
  newRows: Record<string, unknown>[];
  invalid: InvalidCell[];
  /** Block columns that fell past the last field (not pasted). */
  droppedCols: number;
}

/** What pasting `block` with its top left at `start` does. Rows past `rowCount` become new
 * records only with `addRows`; otherwise they are left out. Read-only fields are skipped
 * and reported like invalid values. */
export function planPaste(
  block: readonly (readonly string[])[],
  start: { row: number; col: number },
  columns: readonly (FieldLike & { title: string })[],
  rowCount: number,
  addRows: boolean,
): PastePlan {
  const plan: PastePlan = { writes: [], newRows: [], invalid: [], droppedCols: 0 };
  const width = Math.max(0, ...block.map((r) => r.length));
  plan.droppedCols = Math.max(0, start.col + width - columns.length);
  block.forEach((cells, i) => {
    const row = start.row + i;
    const isNew = row >= rowCount;
    if (isNew && !addRows) return;
    const values: Record<string, unknown> = {};
    cells.forEach((text, j) => {
      const col = start.col + j;
      const column = columns[col];
      if (!column) return;
      const coerced = coerceCell(text, column);
      if (!coerced.ok) plan.invalid.push({ row, col, text, reason: coerced.reason });
      else if (isNew) values[column.title] = coerced.value;
      else plan.writes.push({ row, col, value: coerced.value });
    });
    if (isNew) plan.newRows.push(values);
  });
  return plan;
}

/** How many rows of the block fall past the last row. */
export function rowsPastEnd(blockRows: number, startRow: number, rowCount: number): number {
  return Math.max(0, startRow + blockRows - rowCount);
}
