// A field's old or new value in a history entry, shown as its field type shows it (the same
// cell as the grid's, read-only); a yes/no field says yes or no in words; empty is marked. A
// field deleted since shows its stored value as text.
import { capability } from "../../plugins/catalogue";
import { FieldValue } from "../grid/FieldValue";
import { useTableQuery } from "../tables/api";
import type { YesNo } from "./describe";
import { valueText } from "./describe";

interface Props {
  tableId: string | null;
  fieldId: string;
  value: unknown;
  empty: string;
  words: YesNo;
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

export function ChangeValue({ tableId, fieldId, value, empty, words }: Props) {
  const { data: table } = useTableQuery(tableId ?? "", { skip: !tableId });
  const column = table?.columns?.find((c) => c.id === fieldId);
  if (column && capability(column.uidt, "export") === "boolean") {
    return <span data-testid="history-value">{value ? words.yes : words.no}</span>;
  }
  if (isEmptyValue(value)) return <span data-testid="history-value">{empty}</span>;
  if (!column) return <span data-testid="history-value">{valueText(value, empty, words)}</span>;
  return (
    <span className="wb-history-value" data-testid="history-value">
      <FieldValue value={value} column={column} projectId={table?.project_id} tableId={tableId ?? undefined} readOnly />
    </span>
  );
}
