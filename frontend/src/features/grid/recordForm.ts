// The expanded record form's bookkeeping: which values changed (from the field types' editors
// or the host's text inputs) and which field a server error is about.
import type { Column } from "../tables/api";
import type { RecordRow } from "./api";
import { cellText, parseInput } from "./cells";

/** A value given by a field type's editor (boxed, so that null is a value). */
export type Edited = Record<string, { v: unknown }>;

/** The values to send: an editor's value where it differs from the record's, else the typed
 * text where it differs from the record's text (read as the grid reads it). */
export function changedValues(columns: Column[], record: RecordRow, edited: Edited, texts: Record<string, string>): RecordRow {
  const values: RecordRow = {};
  for (const column of columns) {
    const title = column.title;
    if (title in edited) {
      if (edited[title].v !== record[title]) values[title] = edited[title].v;
    } else if (title in texts && texts[title] !== cellText(record[title], column)) {
      values[title] = parseInput(texts[title], column);
    }
  }
  return values;
}

/** The field a server message names ("Invalid value for field 'Qty': ..."), the longest
 * title when several match; null when it names none of the form's fields. */
export function fieldOfError(message: string, columns: Column[]): string | null {
  let found: string | null = null;
  for (const { title } of columns) {
    if (message.includes(`field '${title}'`) && (found === null || title.length > found.length)) found = title;
  }
  return found;
}

/** The form once the record was read again (a live change): a field the user has not touched
 * (no editor's value, its text still the record's as it was) shows the new value, its text
 * replaced and, when the value changed, listed in `renewed` (its editor starts again from the
 * new value); a field the user has touched keeps what they gave. */
export function refreshedForm(
  columns: Column[],
  before: RecordRow,
  after: RecordRow,
  edited: Edited,
  texts: Record<string, string>,
): { texts: Record<string, string>; renewed: string[] } {
  const next = { ...texts };
  const renewed: string[] = [];
  for (const column of columns) {
    const title = column.title;
    if (title in edited) continue;
    if (title in texts && texts[title] !== cellText(before[title], column)) continue;
    next[title] = cellText(after[title], column);
    if (JSON.stringify(after[title]) !== JSON.stringify(before[title])) renewed.push(title);
  }
  return { texts: next, renewed };
}
