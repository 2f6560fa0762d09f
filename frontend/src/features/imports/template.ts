// The template editor's state and rules: each table and column of the detected template may
// be renamed, a column retyped or left out. Table names follow the table title rules (SPEC
// §5: required, no . / \) and must be unique among the project's tables and the template's;
// column names follow the field title rules (required, unique in their table).
import { validateTableTitle } from "../tables/validation";
import type { Template, TemplateColumn, TemplateTable } from "./types";

export interface DraftColumn extends TemplateColumn {
  include: boolean;
}

export interface DraftTable extends Omit<TemplateTable, "columns"> {
  columns: DraftColumn[];
  /** A sheet of a workbook may be left out (not for an existing table: one sheet goes there). */
  include: boolean;
}

export function draftOf(template: Template): DraftTable[] {
  return template.tables.map((t) => ({ ...t, include: true, columns: t.columns.map((c) => ({ ...c, include: true })) }));
}

/** The template to start with: the tables and columns left out are not in it. */
export function templateOf(draft: readonly DraftTable[]): Template {
  return {
    tables: draft.filter((t) => t.include).map((t) => ({
      table_name: t.table_name.trim(),
      ref_table_name: t.ref_table_name,
      columns: t.columns.filter((c) => c.include).map(({ include: _include, ...c }) => ({ ...c, column_name: c.column_name.trim() })),
    })),
  };
}

export function updateTable(draft: readonly DraftTable[], ref: string, change: Partial<Pick<DraftTable, "table_name" | "include">>): DraftTable[] {
  return draft.map((t) => (t.ref_table_name === ref ? { ...t, ...change } : t));
}

export function updateColumn(
  draft: readonly DraftTable[],
  tableRef: string,
  columnRef: string,
  change: Partial<Pick<DraftColumn, "column_name" | "uidt" | "include">>,
): DraftTable[] {
  return draft.map((t) =>
    t.ref_table_name === tableRef
      ? { ...t, columns: t.columns.map((c) => (c.ref_column_name === columnRef ? { ...c, ...change } : c)) }
      : t,
  );
}

export interface DraftErrors {
  /** Message id by ref_table_name. */
  tables: Record<string, string>;
  /** Message id by ref_table_name, then ref_column_name. */
  columns: Record<string, Record<string, string>>;
  /** Every table left out. */
  none: boolean;
  ok: boolean;
}

/** The name of a new table: required, no . / \, not taken in the project nor by another table of the template. */
export function tableNameError(name: string, taken: readonly string[], others: readonly string[]): string | null {
  const rule = validateTableTitle(name);
  if (rule) return rule;
  const lower = name.trim().toLowerCase();
  if (taken.some((t) => t.toLowerCase() === lower)) return "import.table.taken";
  if (others.some((t) => t.trim().toLowerCase() === lower)) return "import.table.duplicate";
  return null;
}

/** A column's name: required, unique among the included columns of its table. */
export function columnNameError(name: string, others: readonly string[]): string | null {
  if (!name.trim()) return "field.title.required";
  const lower = name.trim().toLowerCase();
  if (others.some((t) => t.trim().toLowerCase() === lower)) return "field.title.taken";
  return null;
}

/**
 * Every problem of the draft. `takenTables`: the titles of the project's tables. Importing
 * into an existing table (`intoExisting`) names no table and no column (the mapping does).
 */
export function validateDraft(draft: readonly DraftTable[], takenTables: readonly string[], intoExisting = false): DraftErrors {
  const errors: DraftErrors = { tables: {}, columns: {}, none: !draft.some((t) => t.include), ok: true };
  const kept = draft.filter((t) => t.include);
  kept.forEach((table, index) => {
    const included = table.columns.filter((c) => c.include);
    if (!included.length) errors.tables[table.ref_table_name] = "import.table.noColumns";
    if (!intoExisting) {
      const others = kept.filter((_, i) => i !== index).map((t) => t.table_name);
      const tableError = tableNameError(table.table_name, takenTables, others);
      if (tableError) errors.tables[table.ref_table_name] = tableError;
      const columnErrors: Record<string, string> = {};
      for (const column of included) {
        const others = included.filter((c) => c !== column).map((c) => c.column_name);
        const columnError = columnNameError(column.column_name, others);
        if (columnError) columnErrors[column.ref_column_name] = columnError;
      }
      if (Object.keys(columnErrors).length) errors.columns[table.ref_table_name] = columnErrors;
    }
  });
  errors.ok = !errors.none && !Object.keys(errors.tables).length && !Object.keys(errors.columns).length;
  return errors;
}
