// A rich field in the expanded record form (a virtual one, one that holds files, or one whose
// type's plugin is disabled): its value as the field type's cell shows it and, for links and
// files, an edit button opening the field type's editor (a link picker saves each change
// itself; a file editor gives the new files to the form).
import { Button } from "@blueprintjs/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import { capability, isKnownFieldType } from "../../plugins/catalogue";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { fieldTypeUI } from "../../plugins/registry";
import type { Column } from "../tables/api";
import { FieldValue } from "./FieldValue";
import { isDialogEdited } from "./richFields";

/** A field the record form shows as its value rather than in a text input. */
export function isShownAsValue(uidt: string): boolean {
  return !isKnownFieldType(uidt) || !!capability(uidt, "virtual") || !!capability(uidt, "holdsFiles");
}

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
      {canEdit && Editor && isDialogEdited(column.uidt) && (
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
              if (!capability(column.uidt, "holdsFiles")) onLinked();
            }}
          />
        </PluginBoundary>
      )}
    </div>
  );
}
