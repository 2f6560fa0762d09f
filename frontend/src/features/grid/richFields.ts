// Per-type decisions of the grid taken from the catalogue's capabilities: which fields link
// records (their editor saves through the links API, and the grid reads their records once
// per page), which are edited in a dialog; and the linked records of a page of the grid.
import { capability } from "../../plugins/catalogue";
import type { Column } from "../tables/api";
import type { RecordRow } from "./api";

/** A field that links records: its editor saves through its own API (the links API). */
export function isSelfSaving(uidt: string): boolean {
  return !!capability(uidt, "linksRecords");
}

/** A field edited in a dialog (links, files): a typed key opens it on the current value. */
export function isDialogEdited(uidt: string): boolean {
  return !!capability(uidt, "linksRecords") || !!capability(uidt, "holdsFiles");
}

/** The link fields of the has-many and many-to-many kinds (whose v2 value may be a count):
 * the grid reads their linked records once per page to show them. */
export function countedLinkFields(columns: readonly Column[]): Column[] {
  return columns.filter((c) => isSelfSaving(c.uidt) && (c.colOptions as { type?: string } | null)?.type !== "bt");
}

/** The linked records of a page (v1 rows) by primary key and field title. */
export function linkedByKey(rows: readonly RecordRow[], pkName: string, titles: readonly string[]): Map<string, RecordRow> {
  const map = new Map<string, RecordRow>();
  for (const row of rows) {
    const values: RecordRow = {};
    for (const title of titles) if (Array.isArray(row[title])) values[title] = row[title];
    map.set(String(row[pkName]), values);
  }
  return map;
}
