// A field's value as its type shows it: the cell of the field type's plugin UI bundle, or the
// value as plain text while the bundle loads, when it fails, or for a type without one. The
// grid, the expanded record and the gallery and kanban cards all show values through it.
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { fieldTypeUI } from "../../plugins/registry";
import type { Column } from "../tables/api";
import { cellText } from "./cells";

export interface FieldValueProps {
  value: unknown;
  column: Column;
  projectId?: string;
  tableId?: string;
  rowId?: unknown;
  readOnly?: boolean;
}

export function FieldValue({ value, column, projectId, tableId, rowId, readOnly }: FieldValueProps) {
  const text = cellText(value, column);
  const ui = fieldTypeUI(column.uidt);
  if (!ui?.Cell) return <>{text}</>;
  const PluginCell = ui.Cell;
  return (
    <PluginBoundary pluginId={ui.pluginId} fallback={text}>
      <PluginCell value={value} column={column} projectId={projectId} tableId={tableId} rowId={rowId} readOnly={readOnly} />
    </PluginBoundary>
  );
}
