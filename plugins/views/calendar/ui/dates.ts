// The fields a calendar is built on, by what the catalogue says of their types.
import { fieldType, type FieldColumn } from "@workbench/plugin-api";

/** A field a calendar can place records by: a date, or a date and time, the user sets. */
export function isCalendarDate(c: Pick<FieldColumn, "uidt">): boolean {
  const type = fieldType(c.uidt);
  const as = type?.capabilities.export;
  return (as === "date" || as === "datetime") && !type?.capabilities.readOnly;
}

/** Whether a date field's values carry a time of day. */
export function hasTime(uidt: string): boolean {
  return fieldType(uidt)?.capabilities.export === "datetime";
}
