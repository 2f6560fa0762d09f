// Per-type decisions of the record form taken from the catalogue's capabilities: which fields
// link records (their editor saves through the links API, and the form reads their records),
// which are edited in a dialog.
import { capability } from "../../plugins/catalogue";
import type { Column } from "../tables/api";

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
