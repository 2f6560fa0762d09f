// A field's value as its type shows it: the cell of the field type's plugin UI bundle, or the
// value as plain text while the bundle loads, when it fails, or for a type without one. A
// field whose type no enabled plugin provides shows its stored value as read-only text with a
// notice (the notice alone when it has none). The grid, the expanded record and the gallery
// and kanban cards all show values through it.
import { Icon, Tooltip } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { isKnownFieldType } from "../../plugins/catalogue";
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
  if (!isKnownFieldType(column.uidt)) return <UnavailableValue text={text} />;
  const ui = fieldTypeUI(column.uidt);
  if (!ui?.Cell) return <>{text}</>;
  const PluginCell = ui.Cell;
  return (
    <PluginBoundary pluginId={ui.pluginId} fallback={text}>
      <PluginCell value={value} column={column} projectId={projectId} tableId={tableId} rowId={rowId} readOnly={readOnly} />
    </PluginBoundary>
  );
}

/** The value of a field whose type is not available, with the notice saying why. */
export function UnavailableValue({ text }: { text: string }) {
  const intl = useIntl();
  const notice = intl.formatMessage({ id: "field.unavailable" });
  return (
    <span className="wb-field-unavailable" data-testid="field-unavailable">
      <Tooltip content={notice} compact>
        <Icon icon="warning-sign" size={12} intent="warning" aria-label={notice} title={notice} />
      </Tooltip>
      {text ? <span className="wb-field-unavailable-text"> {text}</span> : <span className="bp6-text-muted"> {notice}</span>}
    </span>
  );
}
