// The import API's objects (the contract shared with the server: imports run as jobs; the
// file is uploaded once, a preview with the detected template comes back, the edited
// template starts the job, progress is read back or pushed on the realtime socket).

/** An importer's name, as the catalogue lists it. */
export type ImportType = string;
export type ImportStatus = "preview" | "running" | "done" | "failed" | "cancelled";

export interface TemplateColumn {
  column_name: string;
  ref_column_name: string;
  uidt: string;
  meta?: Record<string, unknown>;
  dtxp?: string;
}

export interface TemplateTable {
  table_name: string;
  ref_table_name: string;
  columns: TemplateColumn[];
}

export interface Template {
  tables: TemplateTable[];
}

export interface ImportError {
  table: string;
  row: number;
  column: string | null;
  msg: string;
}

export interface ImportJob {
  id: string;
  project_id: string;
  status: ImportStatus;
  type: ImportType;
  file_name: string;
  table_id: string | null;
  /** Absent from realtime events. */
  template?: Template;
  /** First data rows per table, by ref_table_name (absent from realtime events). */
  preview?: Record<string, unknown[][]>;
  rows_total: Record<string, number | null>;
  rows_done: Record<string, number>;
  errors: ImportError[];
  error_count: number;
  tables: { id: string; title: string }[];
  msg: string | null;
  created_at: string;
  updated_at: string;
}

/** The options sent with the upload (`null`: the server detects). */
export interface ImportOptions {
  type: ImportType;
  firstRowAsHeaders: boolean;
  encoding: string;
  delimiter: string | null;
  sheet: string | null;
  table_id: string | null;
}

/** Where a source column goes in an existing table: a column id, or null to skip it. */
export type ColumnMap = Record<string, string | null>;

export const FINISHED: readonly ImportStatus[] = ["done", "failed", "cancelled"];

export function isFinished(job: Pick<ImportJob, "status">): boolean {
  return FINISHED.includes(job.status);
}

