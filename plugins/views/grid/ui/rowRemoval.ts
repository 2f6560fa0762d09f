// Deleted records kept for undo: what each record held in its stored fields, and the records
// each of its link fields pointed to, read just before the delete. Undo inserts the records
// again under their own keys, then links them back; redo deletes them again.
import type { FieldInfo as Column, RecordRow } from "@workbench/plugin-api";
import { isReadOnlyType, isSelfSaving } from "./fields";

/** The records of one link field of a deleted record: the related primary key's title and values. */
export interface LinkSnapshot {
  columnId: string;
  pkTitle: string;
  keys: unknown[];
}

export interface RemovedRecord {
  pk: unknown;
  /** The values to insert again: the primary key and every field the API lets a client write. */
  values: RecordRow;
  links: LinkSnapshot[];
}

/** Deleted records, undone and redone together. */
export interface Removal {
  removed: RemovedRecord[];
}

export function isRemoval(entry: object): entry is Removal {
  return "removed" in entry;
}

/** Fields whose values a client writes (a record inserted again gets them back); link fields
 * are restored through the links API, computed and system fields by the server. */
export function writableColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => c.pk || (!c.system && !isReadOnlyType(c.uidt) && !isSelfSaving(c.uidt)));
}

export function linkColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => isSelfSaving(c.uidt));
}

/** A linked record as the v1 read nests it: its primary key comes first, then its display
 * value. */
function keyOf(linked: unknown): [string, unknown] | null {
  if (!linked || typeof linked !== "object" || Array.isArray(linked)) return null;
  const first = Object.entries(linked as Record<string, unknown>)[0];
  return first && first[1] !== null && first[1] !== undefined ? first : null;
}

/** What undo needs of records read through the v1 API (link fields nested in full). */
export function snapshotOf(rows: readonly RecordRow[], columns: readonly Column[], pkName: string): RemovedRecord[] {
  const writable = writableColumns(columns);
  const links = linkColumns(columns);
  return rows.map((row) => {
    const values: RecordRow = {};
    for (const column of writable) if (column.title in row) values[column.title] = row[column.title];
    const snapshots: LinkSnapshot[] = [];
    for (const column of links) {
      const value = row[column.title];
      const linked = (Array.isArray(value) ? value : value ? [value] : []).map(keyOf).filter((k): k is [string, unknown] => k !== null);
      if (linked.length) snapshots.push({ columnId: column.id, pkTitle: linked[0][0], keys: linked.map(([, key]) => key) });
    }
    return { pk: row[pkName], values, links: snapshots };
  });
}

/** The v1 `where` selecting records by primary key, or null when a key holds a character
 * the filter syntax gives a meaning to (such records are read one by one). */
export function whereKeys(pkName: string, keys: readonly unknown[]): string | null {
  const texts = keys.map((k) => String(k));
  if (!keys.length || texts.some((t) => !t || /[,()~"\\]/.test(t)) || /[,()~"\\]/.test(pkName)) return null;
  return `(${pkName},in,${texts.join(",")})`;
}
