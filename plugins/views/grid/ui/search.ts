// Search: offered for the types the catalogue says are searchable, with their match (like
// for text, equal for numbers), on the chosen field or else the display-value field. Builds
// the API's `where` clause.
import { fieldType, whereValue, type FieldInfo as Column } from "@workbench/plugin-api";

export function searchableColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => !!fieldType(c.uidt)?.capabilities.search);
}


export function searchWhere(columns: readonly Column[], fieldId: string | null, term: string): string | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const options = searchableColumns(columns);
  const column = options.find((c) => c.id === fieldId) ?? options.find((c) => c.pv) ?? options[0];
  if (!column) return undefined;
  const op = fieldType(column.uidt)?.capabilities.search === "like" ? "like" : "eq";
  return `(${whereValue(column.title)},${op},${whereValue(text)})`;
}
