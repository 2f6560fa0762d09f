// Test data for the import tests: a CSV of people (Name, Age, Mail) uploaded into project
// p_1, its template, and its job as the server answers it.
import type { ImportJob, Template } from "../features/imports/types";

export const peopleTemplate: Template = {
  tables: [
    {
      table_name: "people",
      ref_table_name: "people",
      columns: [
        { column_name: "Name", ref_column_name: "Name", uidt: "SingleLineText", meta: {}, dtxp: "" },
        { column_name: "Age", ref_column_name: "Age", uidt: "Number", meta: {}, dtxp: "" },
        { column_name: "Mail", ref_column_name: "Mail", uidt: "Email", meta: {}, dtxp: "" },
      ],
    },
  ],
};

/** The people job in preview (1,200 rows, none imported yet), with `overrides`. */
export function peopleJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: "im_1",
    project_id: "p_1",
    status: "preview",
    type: "csv",
    file_name: "people.csv",
    table_id: null,
    template: peopleTemplate,
    preview: { people: [["Ada", 36, "ada@example.com"], ["Alan", 41, "alan@example.com"]] },
    rows_total: { people: 1200 },
    rows_done: { people: 0 },
    errors: [],
    error_count: 0,
    tables: [],
    msg: null,
    created_at: "2026-11-24T08:00:00Z",
    updated_at: "2026-11-24T08:00:00Z",
    ...overrides,
  };
}
