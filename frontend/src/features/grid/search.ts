// SPEC §5 search: offered for these types; a like match for text types, equal for others,
// on the chosen field or else the display-value field. Builds the API's `where` clause.
import type { Column } from "../tables/api";

export const SEARCHABLE = [
  "LongText", "SingleLineText", "Number", "PhoneNumber", "Email", "Decimal", "Currency", "Percent", "Duration", "JSON",
];
const LIKE_TYPES = ["LongText", "SingleLineText", "PhoneNumber", "Email", "JSON"];

export function searchableColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => SEARCHABLE.includes(c.uidt));
}

/** Quote a where-clause operand when it holds characters the grammar treats specially. */
export function whereValue(text: string): string {
  return /[,()~"\s]/.test(text) ? `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : text;
}

export function searchWhere(columns: readonly Column[], fieldId: string | null, term: string): string | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const options = searchableColumns(columns);
  const column = options.find((c) => c.id === fieldId) ?? options.find((c) => c.pv) ?? options[0];
  if (!column) return undefined;
  const op = LIKE_TYPES.includes(column.uidt) ? "like" : "eq";
  return `(${whereValue(column.title)},${op},${whereValue(text)})`;
}
