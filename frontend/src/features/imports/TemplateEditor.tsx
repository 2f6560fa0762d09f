// The template editor: for a new table, its name and each column's name, type and whether
// it is imported; for an existing table, where each source column goes (a field, or skipped;
// required fields left without one are flagged). Below each table, its first rows.
import { Callout, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup, Tag } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import type { Column } from "../tables/api";
import { duplicateTargets, unmappedRequired } from "./mapping";
import type { DraftErrors, DraftTable } from "./template";
import { useFieldTypes, useFieldTypeLabel } from "../../plugins/catalogue";
import type { ColumnMap } from "./types";

const PREVIEW_ROWS = 5;

interface Props {
  draft: DraftTable[];
  errors: DraftErrors;
  preview: Record<string, unknown[][]> | undefined;
  onTableName(ref: string, name: string): void;
  /** A sheet kept or left out (new tables from a workbook of several sheets). */
  onTableInclude?(ref: string, include: boolean): void;
  onColumn(tableRef: string, columnRef: string, change: { column_name?: string; uidt?: string; include?: boolean }): void;
  /** Importing into an existing table: its fields and the mapping. */
  fields?: Column[];
  map?: ColumnMap;
  onMap?(columnRef: string, fieldId: string | null): void;
  /** Into an existing table: the file's sheets (one is imported) and the chosen one. */
  sheets?: string[];
  sheet?: string | null;
  onSheet?(ref: string): void;
}

const cellText = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

export function TemplateEditor({ draft, errors, preview, onTableName, onTableInclude, onColumn, fields, map, onMap, sheets, sheet, onSheet }: Props) {
  const intl = useIntl();
  // The types a column may be given: those an import may detect and every creatable type
  // with a stored value of its own (not computed, not files or links).
  const { all } = useFieldTypes();
  const importable = all
    .filter(({ creatable, capabilities: c }) => c.importDetects || (creatable && !c.virtual && !c.readOnly && !c.holdsFiles && !c.linksRecords))
    .map((t) => t.uidt);
  const typeLabel = useFieldTypeLabel();
  const intoExisting = !!fields && !!map;
  const duplicates = map ? duplicateTargets(map) : [];
  const missing = fields && map ? unmappedRequired(map, fields) : [];

  return (
    <div className="wb-import-template" data-testid="import-template">
      {intoExisting && missing.length > 0 && (
        <Callout intent="warning" className="wb-gap" data-testid="import-required-unmapped">
          <FormattedMessage id="import.map.required" values={{ fields: missing.map((f) => f.title).join(", ") }} />
        </Callout>
      )}
      {sheets && sheets.length > 1 && (
        <FormGroup label={intl.formatMessage({ id: "import.sheet" })} labelFor="import-sheet">
          <HTMLSelect id="import-sheet" value={sheet ?? ""} onChange={(e) => onSheet?.(e.currentTarget.value)} data-testid="import-sheet">
            {sheets.map((ref) => <option key={ref} value={ref}>{ref}</option>)}
          </HTMLSelect>
        </FormGroup>
      )}
      {errors.none && (
        <Callout intent="warning" className="wb-gap" data-testid="import-no-tables">
          <FormattedMessage id="import.table.none" />
        </Callout>
      )}
      {draft.map((table, tableIndex) => {
        const tableError = errors.tables[table.ref_table_name];
        const several = !intoExisting && draft.length > 1;
        const rows = (preview?.[table.ref_table_name] ?? []).slice(0, PREVIEW_ROWS);
        return (
          <section key={table.ref_table_name} className="wb-import-table" data-testid="import-table" data-ref={table.ref_table_name}>
            {several && (
              <Checkbox
                checked={table.include}
                onChange={(e) => onTableInclude?.(table.ref_table_name, e.currentTarget.checked)}
                data-testid="import-table-include"
              >
                <FormattedMessage id="import.table.include" values={{ name: table.ref_table_name }} />
              </Checkbox>
            )}
            {!intoExisting && table.include && (
              <FormGroup
                label={intl.formatMessage({ id: "import.table.name" })}
                labelFor={`import-table-name-${tableIndex}`}
                helperText={tableError ? intl.formatMessage({ id: tableError }) : undefined}
                intent={tableError ? "danger" : "none"}
              >
                <InputGroup
                  id={`import-table-name-${tableIndex}`}
                  value={table.table_name}
                  onValueChange={(v) => onTableName(table.ref_table_name, v)}
                  intent={tableError ? "danger" : "none"}
                  data-testid="import-table-name"
                />
              </FormGroup>
            )}
            {intoExisting && tableError && <Callout intent="danger" compact>{intl.formatMessage({ id: tableError })}</Callout>}
            {table.include && <HTMLTable compact className="wb-import-columns">
              <thead>
                <tr>
                  {!intoExisting && <th><FormattedMessage id="import.column.include" /></th>}
                  <th><FormattedMessage id="import.column.source" /></th>
                  {intoExisting ? (
                    <th><FormattedMessage id="import.column.target" /></th>
                  ) : (
                    <>
                      <th><FormattedMessage id="import.column.name" /></th>
                      <th><FormattedMessage id="import.column.type" /></th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {table.columns.map((column) => {
                  const error = errors.columns[table.ref_table_name]?.[column.ref_column_name];
                  const target = map?.[column.ref_column_name] ?? null;
                  return (
                    <tr key={column.ref_column_name} data-testid="import-column" data-ref={column.ref_column_name}>
                      {!intoExisting && (
                        <td>
                          <Checkbox
                            checked={column.include}
                            onChange={(e) => onColumn(table.ref_table_name, column.ref_column_name, { include: e.currentTarget.checked })}
                            aria-label={intl.formatMessage({ id: "import.column.include" })}
                            data-testid="import-column-include"
                          />
                        </td>
                      )}
                      <td>{column.ref_column_name}</td>
                      {intoExisting ? (
                        <td>
                          <HTMLSelect
                            value={target ?? ""}
                            onChange={(e) => onMap?.(column.ref_column_name, e.currentTarget.value || null)}
                            aria-label={intl.formatMessage({ id: "import.map.of" }, { column: column.ref_column_name })}
                            data-testid="import-column-map"
                          >
                            <option value="">{intl.formatMessage({ id: "import.map.skip" })}</option>
                            {fields!.map((f) => <option key={f.id} value={f.id}>{f.title}</option>)}
                          </HTMLSelect>
                          {target && duplicates.includes(target) && (
                            <Tag intent="danger" minimal className="wb-import-flag"><FormattedMessage id="import.map.twice" /></Tag>
                          )}
                        </td>
                      ) : (
                        <>
                          <td>
                            <InputGroup
                              size="small"
                              value={column.column_name}
                              disabled={!column.include}
                              intent={error ? "danger" : "none"}
                              title={error ? intl.formatMessage({ id: error }) : undefined}
                              onValueChange={(v) => onColumn(table.ref_table_name, column.ref_column_name, { column_name: v })}
                              aria-label={intl.formatMessage({ id: "import.column.nameOf" }, { column: column.ref_column_name })}
                              data-testid="import-column-name"
                            />
                            {error && <div className="wb-import-error-text" data-testid="import-column-error">{intl.formatMessage({ id: error })}</div>}
                          </td>
                          <td>
                            <HTMLSelect
                              value={column.uidt}
                              disabled={!column.include}
                              onChange={(e) => onColumn(table.ref_table_name, column.ref_column_name, { uidt: e.currentTarget.value })}
                              aria-label={intl.formatMessage({ id: "import.column.typeOf" }, { column: column.ref_column_name })}
                              data-testid="import-column-type"
                            >
                              {[...new Set([...importable, column.uidt])].map((u) => (
                                <option key={u} value={u}>{typeLabel(u)}</option>
                              ))}
                            </HTMLSelect>
                          </td>
                        </>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>}
            {table.include && rows.length > 0 && (
              <div className="wb-import-preview" data-testid="import-preview">
                <h5><FormattedMessage id="import.preview" /></h5>
                <HTMLTable compact striped>
                  <thead>
                    <tr>{table.columns.map((c) => <th key={c.ref_column_name} className={c.include ? undefined : "wb-import-excluded"}>{intoExisting ? c.ref_column_name : c.column_name}</th>)}</tr>
                  </thead>
                  <tbody>
                    {rows.map((row, i) => (
                      <tr key={i} data-testid="import-preview-row">
                        {table.columns.map((c, j) => <td key={c.ref_column_name} className={c.include ? undefined : "wb-import-excluded"}>{cellText(row[j])}</td>)}
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
