// What the grid decides per field type, from what the catalogue says of each type (the
// plugin API's `fieldType`): which fields it edits in place and how typed text becomes a
// value, which link records (their editor saves through the links API, and the grid reads
// their records once per page), which are edited in a dialog, and which are searched.
import { fieldType, keepsEditorReady, type FieldColumn, type RecordRow } from "@workbench/plugin-api";

type Uidt = Pick<FieldColumn, "uidt">;

/** Whether a type's values are true or false. */
export function isBoolean(uidt: string | null | undefined): boolean {
  return fieldType(uidt)?.capabilities.export === "boolean";
}

/** Whether a type's values are dates (with or without a time): dates filter by days. */
export function isDateType(uidt: string | null | undefined): boolean {
  return !!fieldType(uidt)?.capabilities.filterOperators.includes("isWithin");
}

/** Whether a field's value is one of its options ("single") or a list of them ("multi"). */
export function choiceKind(uidt: string | null | undefined): "single" | "multi" | null {
  const type = fieldType(uidt);
  if (!type?.settings.properties?.colOptions?.properties?.options) return null;
  return type.capabilities.filterOperators.includes("eq") ? "single" : "multi";
}

/** Whether the type's values are numbers (sent as numbers when what is typed parses). */
export function isNumeric(uidt: string): boolean {
  const type = fieldType(uidt);
  return type?.capabilities.export === "number" && !type.capabilities.readOnly;
}

/** The value to send for what the user typed: empty text clears the cell; numbers stay
 * text when they do not parse, so that the server's error explains the problem. */
export function parseInput(text: string, column: Uidt): unknown {
  if (text === "") return null;
  if (isNumeric(column.uidt)) {
    const n = Number(text.trim());
    return text.trim() !== "" && Number.isFinite(n) ? n : text;
  }
  return text;
}

/** A field the user cannot edit in place: its values are set by the engine (ids, times,
 * formulas, lookups, codes, ...), it is a link's key, or its type's plugin is disabled. Link
 * fields are edited through their own editor. */
export function isReadOnlyType(uidt: string): boolean {
  const type = fieldType(uidt);
  if (!type) return true;
  const { readOnly, linksRecords } = type.capabilities;
  // A link's own key (in the links group, never created by hand) is written through its link.
  if (type.group === "link" && !type.creatable && !linksRecords) return true;
  return readOnly && !linksRecords;
}

/** A field that links records: its editor saves through its own API (the links API). */
export function isSelfSaving(uidt: string): boolean {
  return !!fieldType(uidt)?.capabilities.linksRecords;
}

/** A field edited in a dialog (links, files): a typed key opens it on the current value. */
export function isDialogEdited(uidt: string): boolean {
  const caps = fieldType(uidt)?.capabilities;
  return !!caps?.linksRecords || !!caps?.holdsFiles;
}

/** A field whose cell editor the grid keeps ready in the active cell: edited in place (not a
 * check box, not in a dialog) by an editor that can wait in standby. */
export function keepsReadyEditor(uidt: string): boolean {
  return !isReadOnlyType(uidt) && !isBoolean(uidt) && !isDialogEdited(uidt) && keepsEditorReady(uidt);
}

/** The link fields of the has-many and many-to-many kinds (whose v2 value may be a count):
 * the grid reads their linked records once per page to show them. */
export function countedLinkFields<C extends FieldColumn>(columns: readonly C[]): C[] {
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
