// A grid's grouping as its view stores it (per field: grouped, at which level, in which
// order; NocoDB's group_by, group_by_order, group_by_sort): the grouped fields in order, the
// sort that reads the records group after group, and the field changes of a new grouping.
import type { FieldInfo } from "@workbench/plugin-api";
import type { ViewColumn, ViewColumnSettings } from "./viewApi";

/** Fields a grid groups its records by, at most. */
export const MAX_GROUP_FIELDS = 3;

export interface GroupLevel {
  column: FieldInfo;
  direction: "asc" | "desc";
}

/** The grouped fields, outermost first. */
export function groupingOf(columns: readonly FieldInfo[], viewColumns: readonly ViewColumn[] | undefined): GroupLevel[] {
  if (!viewColumns) return [];
  const byId = new Map(columns.map((c) => [c.id, c]));
  return viewColumns
    .filter((vc) => vc.group_by && byId.has(vc.fk_column_id))
    .map((vc, i) => ({ vc, key: vc.group_by_order ?? MAX_GROUP_FIELDS + 1 + i }))
    .sort((a, b) => a.key - b.key)
    .slice(0, MAX_GROUP_FIELDS)
    .map(({ vc }) => ({ column: byId.get(vc.fk_column_id)!, direction: vc.group_by_sort === "desc" ? "desc" : "asc" }));
}

/** The `sort` that reads the records of a grouping group after group (fields by id). */
export function groupSort(levels: readonly GroupLevel[]): string | undefined {
  if (levels.length === 0) return undefined;
  return levels.map((l) => `${l.direction === "desc" ? "-" : ""}${l.column.id}`).join(",");
}

/** Whether the groups `rows` (as the server answers them: the value of each grouped field by
 * its title, and the count) are those of the grouped fields `levels`. */
export function groupsOfLevels(rows: readonly Record<string, unknown>[], levels: readonly GroupLevel[]): boolean {
  const titles = new Set(levels.map((l) => l.column.title));
  return rows.every((row) => Object.keys(row).every((key) => key === "count" || titles.has(key)) && levels.every((l) => l.column.title in row));
}

/** The settings to save per field to go from grouping `before` to `after`. */
export function groupingChanges(before: readonly GroupLevel[], after: readonly GroupLevel[]): { columnId: string; settings: ViewColumnSettings }[] {
  const changes: { columnId: string; settings: ViewColumnSettings }[] = [];
  for (const level of before) {
    if (!after.some((l) => l.column.id === level.column.id)) {
      changes.push({ columnId: level.column.id, settings: { group_by: false, group_by_order: null, group_by_sort: null } });
    }
  }
  after.forEach((level, i) => {
    const was = before.findIndex((l) => l.column.id === level.column.id);
    if (was === i && before[was].direction === level.direction) return;
    changes.push({ columnId: level.column.id, settings: { group_by: true, group_by_order: i + 1, group_by_sort: level.direction } });
  });
  return changes;
}
