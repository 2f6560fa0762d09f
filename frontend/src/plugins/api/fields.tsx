// Fields for plugins' views: a field type as the catalogue describes it, a value as plain
// text, and the host's dialogs that add, change and delete a table's fields.
import { Alert } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { cellText } from "../../features/grid/cells";
import { FieldDialog } from "../../features/grid/FieldDialog";
import {
  useAddColumnMutation,
  useDeleteColumnMutation,
  useUpdateColumnMutation,
  type Column,
  type ColumnBody,
} from "../../features/tables/api";
import { notify } from "../../features/ui/notify";
import { WhileOpen } from "../../features/ui/WhileOpen";
import { fieldTypeOf, type CatalogueFieldType } from "../catalogue";
import { fieldTypeUI } from "../registry";
import type { FieldActions, FieldColumn, FieldInfo } from "../hostApi";

/** A field type as the catalogue describes it (capabilities, settings), or undefined when no
 * enabled plugin provides it. */
export function fieldType(uidt: string | null | undefined): CatalogueFieldType | undefined {
  return fieldTypeOf(uidt);
}

/** Whether a field type's bundle (loaded) gives its own editor, which works with values: the
 * grid's editor is then that one, else a text input. */
export function hasFieldEditor(uidt: string): boolean {
  return !!fieldTypeUI(uidt)?.Editor;
}

/** Whether a type's grid editor can be kept ready in standby: the host's text input (no editor
 * of the type's own), or the type's editor when its UI `keepsReady`. */
export function keepsEditorReady(uidt: string): boolean {
  const ui = fieldTypeUI(uidt);
  return !ui?.Editor || !!ui.keepsReady;
}

/** A value as plain text (what a cell shows without its type's own cell, and what a copy
 * writes). */
export function fieldText(value: unknown, column: Pick<FieldColumn, "uidt">): string {
  return cellText(value, column);
}

/** The dialogs that add, change and delete the fields of `table`. */
export function useFieldActions(table: { id: string; projectId?: string; columns: readonly FieldInfo[] }): FieldActions {
  const intl = useIntl();
  const [addColumn, addState] = useAddColumnMutation();
  const [updateColumn, updateState] = useUpdateColumnMutation();
  const [deleteColumn] = useDeleteColumnMutation();
  const [dialog, setDialog] = useState<{ column: FieldInfo | null } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FieldInfo | null>(null);
  const columns = table.columns as readonly Column[];
  const save = async (body: ColumnBody) => {
    const column = dialog?.column;
    const result = column
      ? await updateColumn({ tableId: table.id, columnId: column.id, body })
      : await addColumn({ tableId: table.id, body });
    if ("error" in result) return setServerError((result.error as HttpError).message);
    setDialog(null);
  };
  const remove = async () => {
    if (!deleting) return;
    const result = await deleteColumn({ tableId: table.id, columnId: deleting.id });
    setDeleting(null);
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };
  const element = (
    <WhileOpen open={!!dialog || !!deleting}>
      <FieldDialog
        isOpen={!!dialog}
        column={dialog?.column as Column | null | undefined}
        taken={columns.map((c) => c.title)}
        busy={addState.isLoading || updateState.isLoading}
        serverError={serverError}
        columns={columns}
        projectId={table.projectId}
        onSubmit={save}
        onCancel={() => setDialog(null)}
      />
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "field.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <FormattedMessage id="field.delete.confirm" values={{ title: deleting?.title ?? "" }} />
      </Alert>
    </WhileOpen>
  );
  return {
    add: () => {
      setServerError(null);
      setDialog({ column: null });
    },
    edit: (column) => {
      setServerError(null);
      setDialog({ column });
    },
    remove: setDeleting,
    update: async (column, changes) => {
      const body = { title: column.title, ...changes } as ColumnBody;
      const result = await updateColumn({ tableId: table.id, columnId: column.id, body });
      if ("error" in result) notify((result.error as HttpError).message, "danger");
      return !("error" in result);
    },
    element,
  };
}
