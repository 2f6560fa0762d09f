// The wizard's pure rules: which files each importer takes, the template's names, the
// mapping onto an existing table, and the merge of polled and pushed progress.
import { describe, expect, it } from "vitest";
import type { Column } from "../tables/api";
import { acceptOf, extensionOf, fileError, formatSize, importTypeOf } from "./fileTypes";
import { handleImportMessage, onImportEvent } from "./importEvents";
import { autoMap, duplicateTargets, mappableFields, mappingOk, unmappedRequired } from "./mapping";
import { fraction, isNewer, mergeJob, tablesProgress } from "./progress";
import { columnNameError, draftOf, tableNameError, templateOf, updateColumn, updateTable, validateDraft } from "./template";
import { peopleJob, peopleTemplate } from "../../test/importJobs";
import type { ImportJob, Template } from "./types";

const template = peopleTemplate;

function job(overrides: Partial<ImportJob> = {}): ImportJob {
  return peopleJob({ status: "running", preview: { people: [["Ada", 36, "ada@example.com"]] }, updated_at: "2026-11-24T08:00:01Z", ...overrides });
}

describe("file types", () => {
  it("takes CSV names ending in csv, Excel in xls, xlsx, xlsm, ods, ots and JSON in json, in any case", () => {
    expect(importTypeOf("people.csv", ["csv"])).toBe("csv");
    expect(importTypeOf("PEOPLE.CSV", ["csv"])).toBe("csv");
    for (const ext of ["xls", "xlsx", "xlsm", "ods", "ots"]) expect(importTypeOf(`book.${ext}`, ["excel"])).toBe("excel");
    expect(importTypeOf("data.json", ["csv", "excel", "json"])).toBe("json");
    expect(importTypeOf("people.txt", ["csv"])).toBeNull();
    expect(importTypeOf("people.csv", ["excel"])).toBeNull();
    expect(importTypeOf("csv", ["csv"])).toBeNull();
    expect(importTypeOf("archive.csv.zip", ["csv"])).toBeNull();
    expect(extensionOf("a.b.XLSX")).toBe("xlsx");
  });

  it("explains a refused name with the extensions allowed", () => {
    expect(fileError("people.csv", ["csv"])).toBeNull();
    expect(fileError("notes.txt", ["csv"])).toEqual({ id: "import.file.wrongType", values: { name: "notes.txt", extensions: ".csv" } });
    expect(fileError("notes.txt", ["excel"])?.values.extensions).toBe(".xlsx, .xlsm, .xls, .ods, .ots");
    expect(acceptOf(["csv", "json"])).toBe(".csv,.json");
  });

  it("shows sizes in B, KB, MB and GB", () => {
    expect(formatSize(512)).toBe("512 B");
    expect(formatSize(2048)).toBe("2.0 KB");
    expect(formatSize(5.5 * 1024 * 1024)).toBe("5.5 MB");
    expect(formatSize(3 * 1024 ** 3)).toBe("3.0 GB");
  });
});

describe("template names", () => {
  it("checks a table name like a table title, and against the project's and the template's tables", () => {
    expect(tableNameError("people", ["Orders"], [])).toBeNull();
    expect(tableNameError("  ", [], [])).toBe("table.title.required");
    expect(tableNameError("a.b", [], [])).toBe("table.title.chars");
    expect(tableNameError("a/b", [], [])).toBe("table.title.chars");
    expect(tableNameError("a\\b", [], [])).toBe("table.title.chars");
    expect(tableNameError("orders", ["Orders"], [])).toBe("import.table.taken");
    expect(tableNameError("Sheet", [], ["sheet "])).toBe("import.table.duplicate");
  });

  it("checks a column name like a field title, unique in its table", () => {
    expect(columnNameError("Name", ["Age"])).toBeNull();
    expect(columnNameError("", [])).toBe("field.title.required");
    expect(columnNameError("age ", ["Age"])).toBe("field.title.taken");
  });

  it("validates the whole draft; a column left out counts for nothing", () => {
    let draft = draftOf(template);
    expect(validateDraft(draft, ["Orders"]).ok).toBe(true);
    draft = updateColumn(draft, "people", "Age", { column_name: "name" });
    expect(validateDraft(draft, []).columns).toEqual({ people: { Name: "field.title.taken", Age: "field.title.taken" } });
    draft = updateColumn(draft, "people", "Age", { include: false });
    expect(validateDraft(draft, []).ok).toBe(true);
    draft = updateTable(draft, "people", { table_name: "Orders" });
    expect(validateDraft(draft, ["Orders"]).tables).toEqual({ people: "import.table.taken" });
    // Into an existing table the names are not the user's: only an empty selection counts.
    expect(validateDraft(draft, ["Orders"], true).ok).toBe(true);
    for (const ref of ["Name", "Age", "Mail"]) draft = updateColumn(draft, "people", ref, { include: false });
    expect(validateDraft(draft, [], true).tables).toEqual({ people: "import.table.noColumns" });
  });

  it("leaves out the sheets not kept: their names no longer count, and one must stay", () => {
    const two: Template = { tables: [template.tables[0], { ...template.tables[0], table_name: "people", ref_table_name: "Sheet2" }] };
    let draft = draftOf(two);
    expect(validateDraft(draft, []).tables).toEqual({ people: "import.table.duplicate", Sheet2: "import.table.duplicate" });
    draft = updateTable(draft, "Sheet2", { include: false });
    expect(validateDraft(draft, []).ok).toBe(true);
    expect(templateOf(draft).tables.map((t) => t.ref_table_name)).toEqual(["people"]);
    draft = updateTable(draft, "people", { include: false });
    const errors = validateDraft(draft, []);
    expect([errors.none, errors.ok]).toEqual([true, false]);
  });

  it("starts with the edited names and types, without the columns left out", () => {
    let draft = draftOf(template);
    draft = updateTable(draft, "people", { table_name: " Staff " });
    draft = updateColumn(draft, "people", "Name", { column_name: "Full name" });
    draft = updateColumn(draft, "people", "Age", { uidt: "Decimal" });
    draft = updateColumn(draft, "people", "Mail", { include: false });
    expect(templateOf(draft)).toEqual({
      tables: [
        {
          table_name: "Staff",
          ref_table_name: "people",
          columns: [
            { column_name: "Full name", ref_column_name: "Name", uidt: "SingleLineText", meta: {}, dtxp: "" },
            { column_name: "Age", ref_column_name: "Age", uidt: "Decimal", meta: {}, dtxp: "" },
          ],
        },
      ],
    });
  });
});

describe("mapping onto an existing table", () => {
  const fields = [
    { id: "cl_id", title: "Id", uidt: "ID", pk: true, ai: true },
    { id: "cl_name", title: "name", uidt: "SingleLineText", rqd: true },
    { id: "cl_age", title: "Age", uidt: "Number" },
    { id: "cl_code", title: "Code", uidt: "SingleLineText", rqd: true, cdf: "x" },
    { id: "cl_sum", title: "Sum", uidt: "Formula" },
    { id: "cl_link", title: "Orders", uidt: "Links" },
    { id: "cl_created", title: "CreatedAt", uidt: "CreateTime", system: true },
  ] as unknown as Column[];

  it("offers only the fields a value can be stored in", () => {
    expect(mappableFields(fields).map((f) => f.id)).toEqual(["cl_name", "cl_age", "cl_code"]);
  });

  it("matches source columns by title, case-insensitive, each field once", () => {
    const targets = mappableFields(fields);
    const sources = [{ ref_column_name: "Name" }, { ref_column_name: "NAME" }, { ref_column_name: "age" }, { ref_column_name: "City" }];
    expect(autoMap(sources, targets)).toEqual({ Name: "cl_name", NAME: null, age: "cl_age", City: null });
  });

  it("flags required fields without a source column, and fields chosen twice", () => {
    const targets = mappableFields(fields);
    expect(unmappedRequired({ Age: "cl_age" }, targets).map((f) => f.id)).toEqual(["cl_name"]);
    expect(unmappedRequired({ Name: "cl_name" }, targets)).toEqual([]);
    expect(duplicateTargets({ a: "cl_age", b: "cl_age", c: null, d: "cl_name" })).toEqual(["cl_age"]);
    expect(mappingOk({ Name: "cl_name", Age: "cl_age" }, targets)).toBe(true);
    expect(mappingOk({ Name: "cl_name", Age: "cl_name" }, targets)).toBe(false);
    expect(mappingOk({ Age: "cl_age" }, targets)).toBe(false);
    expect(mappingOk({ Name: null }, [])).toBe(false);
  });
});

describe("progress", () => {
  it("keeps the newest state, and the preview and template events do not carry", () => {
    const polled = job({ rows_done: { people: 1000 }, updated_at: "2026-11-24T08:00:03Z" });
    const { template: _t, preview: _p, ...event } = job({ rows_done: { people: 0 }, updated_at: "2026-11-24T08:00:02Z" });
    expect(mergeJob(polled, event as ImportJob).rows_done).toEqual({ people: 1000 });
    const newer = { ...event, rows_done: { people: 1200 }, status: "done", updated_at: "2026-11-24T08:00:04Z" } as ImportJob;
    const merged = mergeJob(polled, newer);
    expect(merged.status).toBe("done");
    expect(merged.template).toEqual(template);
    expect(merged.preview).toEqual(polled.preview);
  });

  it("at the same time prefers a finished state, then more rows done", () => {
    const at = "2026-11-24T08:00:05Z";
    expect(isNewer(job({ status: "done", updated_at: at }), job({ rows_done: { people: 900 }, updated_at: at }))).toBe(true);
    expect(isNewer(job({ rows_done: { people: 900 }, updated_at: at }), job({ rows_done: { people: 100 }, updated_at: at }))).toBe(true);
    expect(isNewer(job({ updated_at: at }), job({ updated_at: at }))).toBe(false);
  });

  it("takes another import as it is", () => {
    const other = job({ id: "im_2", template: undefined });
    expect(mergeJob(job(), other)).toBe(other);
    expect(mergeJob(null, other)).toBe(other);
  });

  it("counts per table under the chosen name, and overall", () => {
    const two = job({
      template: { tables: [{ ...template.tables[0], table_name: "Staff" }] },
      rows_total: { people: 1200, Sheet2: null },
      rows_done: { people: 600, Sheet2: 10 },
    });
    expect(tablesProgress(two)).toEqual([
      { ref: "people", name: "Staff", done: 600, total: 1200 },
      { ref: "Sheet2", name: "Sheet2", done: 10, total: null },
    ]);
    expect(fraction(two)).toBeNull();
    expect(fraction(job({ rows_done: { people: 300 } }))).toBe(0.25);
    expect(fraction(job({ status: "done" }))).toBe(1);
  });
});

describe("import events", () => {
  it("hands the socket's import messages to the listeners, and nothing else", () => {
    const seen: string[] = [];
    const stop = onImportEvent((j) => seen.push(j.id));
    handleImportMessage({ event: "data", data: { id: "x" } });
    handleImportMessage({ event: "import", data: null });
    handleImportMessage({ event: "import", data: job({ id: "im_9" }) });
    stop();
    handleImportMessage({ event: "import", data: job({ id: "im_10" }) });
    expect(seen).toEqual(["im_9"]);
  });
});
