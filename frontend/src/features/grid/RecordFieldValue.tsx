// A rich field in the expanded record form: its value as the field type's cell shows it and,
// for links and attachments, an edit button opening the field type's editor (a link picker
// saves each change itself; an attachment editor gives the new files to the form).
import { Button } from "@blueprintjs/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { fieldTypeUI } from "../../plugins/registry";
import type { Column } from "../tables/api";
import { FieldValue } from "./FieldValue";

export const FORM_RICH_TYPES = new Set([
  "Links", "LinkToAnotherRecord", "Lookup", "Rollup", "Count", "Formula", "QrCode", "Barcode", "Attachment",
]);
const EDITABLE = new Set(["Links", "LinkToAnotherRecord", "Attachment"]);

interface Props {
  column: Column;
  value: unknown;
  projectId?: string;
  tableId: string;
  rowId: unknown;
  canEdit: boolean;
  onChange(value: unknown): void;
  /** A link changed: the form reads the record again. */
  onLinked(): void;
}

export function RecordFieldValue({ column, value, projectId, tableId, rowId, canEdit, onChange, onLinked }: Props) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const ui = fieldTypeUI(column.uidt);
  const Editor = ui?.Editor;
  const common = { column, projectId, tableId, rowId };
  return (
    <div className="wb-record-rich" data-testid="record-rich" data-uidt={column.uidt}>
      <div className="wb-record-rich-value">
        <FieldValue value={value} {...common} readOnly={!canEdit} />
      </div>
      {canEdit && Editor && EDITABLE.has(column.uidt) && (
        <Button size="small" icon="edit" variant="minimal" onClick={() => setEditing(true)} data-testid="record-rich-edit">
          {intl.formatMessage({ id: "field.rich.edit" })}
        </Button>
      )}
      {editing && Editor && (
        <PluginBoundary pluginId={ui.pluginId} fallback={null}>
          <Editor
            value={value}
            {...common}
            onChange={onChange}
            onDone={() => {
              setEditing(false);
              if (column.uidt !== "Attachment") onLinked();
            }}
          />
        </PluginBoundary>
      )}
    </div>
  );
}
