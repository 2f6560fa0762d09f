// Default cell text and editor value parsing, for field types without a plugin renderer,
// by what the catalogue says of each type (how it is written out, whether it is read-only).
import { capability, fieldTypeOf } from "../../plugins/catalogue";
import type { Column } from "../tables/api";

export function cellText(value: unknown, column: Pick<Column, "uidt">): string {
  if (value === null || value === undefined) return "";
  if (capability(column.uidt, "export") === "boolean") return value ? "✓" : "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Whether the type's values are numbers (sent as numbers when what is typed parses). */
export function isNumeric(uidt: string): boolean {
  return capability(uidt, "export") === "number" && !capability(uidt, "readOnly");
}

/** The value to send for what the user typed: empty text clears the cell; numbers stay
 * text when they do not parse, so that the server's error explains the problem. */
export function parseInput(text: string, column: Pick<Column, "uidt">): unknown {
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
  const type = fieldTypeOf(uidt);
  if (!type) return true;
  const { readOnly, linksRecords } = type.capabilities;
  // A link's own key (in the links group, never created by hand) is written through its link.
  if (type.group === "link" && !type.creatable && !linksRecords) return true;
  return readOnly && !linksRecords;
}
