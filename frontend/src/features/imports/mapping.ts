// Importing into an existing table: each source column goes to a field of the table, or is
// skipped (null). Fields are matched by title (case-insensitive) at first; a field takes at
// most one source column; a required field left without one is flagged (the server refuses
// to start such an import).
import type { Column } from "../tables/api";
import { fillable, isLinkField, isRequired, type FormField } from "../shared/formRules";
import type { ColumnMap, TemplateColumn } from "./types";

/** The fields a source column may go to (no system, computed or link fields). */
export function mappableFields(columns: readonly Column[]): Column[] {
  return columns.filter((c) => !isLinkField(c.uidt) && fillable(c as Parameters<typeof fillable>[0]));
}

/** Each source column to the field of the same title (case-insensitive), else null; the first
 * source column that matches a field takes it. */
export function autoMap(sources: readonly Pick<TemplateColumn, "ref_column_name">[], fields: readonly Column[]): ColumnMap {
  const map: ColumnMap = {};
  const used = new Set<string>();
  for (const source of sources) {
    const name = source.ref_column_name.trim().toLowerCase();
    const field = fields.find((f) => !used.has(f.id) && f.title.trim().toLowerCase() === name);
    map[source.ref_column_name] = field ? field.id : null;
    if (field) used.add(field.id);
  }
  return map;
}

/** The required fields no source column goes to. */
export function unmappedRequired(map: ColumnMap, fields: readonly Column[]): Column[] {
  const targets = new Set(Object.values(map).filter((id): id is string => !!id));
  return fields.filter((f) => isRequired(f as unknown as FormField) && !targets.has(f.id));
}

/** The field ids that more than one source column goes to. */
export function duplicateTargets(map: ColumnMap): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of Object.values(map)) {
    if (!id) continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/** Whether the mapping may start: something is imported, no field twice, no required field left. */
export function mappingOk(map: ColumnMap, fields: readonly Column[]): boolean {
  return Object.values(map).some((id) => !!id) && !duplicateTargets(map).length && !unmappedRequired(map, fields).length;
}
