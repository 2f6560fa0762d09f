// The grid's in-place editor: the Editor of the field type's plugin UI bundle when one is
// loaded (it works with values), else a plain text input (while a bundle loads, when it
// fails, or for a type without one).
import { useLayoutEffect, useRef, type ComponentType, type FocusEvent, type KeyboardEvent } from "react";
import { focusInCell } from "../../plugins/api/editorText";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import type { EditorProps } from "../../plugins/hostApi";
import { fieldTypeUI } from "../../plugins/registry";
import type { Column } from "../tables/api";
import { usePopupPlacement } from "./popupPlacement";

export interface Editing {
  row: number;
  col: number;
  text: string;
  /** Set by a plugin editor, which works with values rather than text. */
  value?: { v: unknown };
  /** The text a plugin editor starts from: the key typed on the cell that opened it, or the
   * text the server refused when the editor opens again after a failed save. */
  typed?: string;
  /** Opened on a plugin editor that has given no value yet (nothing to save). */
  pristine?: boolean;
  error: string | null;
  saving: boolean;
}

export interface CellEditorProps {
  column: Column;
  editing: Editing;
  value?: unknown;
  projectId?: string;
  tableId?: string;
  rowId?: unknown;
  onText(text: string): void;
  onKey(event: KeyboardEvent<HTMLElement>): void;
  onBlur(): void;
  onValue(value: unknown): void;
  onDone(): void;
  /** Kept ready, hidden and out of the focus order, for the cell's next edit (the host's text
   * input, or a type's editor that `keepsReady`; any other draws nothing until it opens). */
  standby?: boolean;
}

export function CellEditor(props: CellEditorProps) {
  const ui = fieldTypeUI(props.column.uidt);
  if (!ui?.Editor) return <TextEditor {...props} />;
  if (props.standby && !ui.keepsReady) return null;
  return <PluginCellEditor {...props} pluginId={ui.pluginId} PluginEditor={ui.Editor} />;
}

interface PluginCellEditorProps extends CellEditorProps {
  pluginId: string;
  PluginEditor: ComponentType<EditorProps>;
}

function PluginCellEditor(props: PluginCellEditorProps) {
  const { column, editing, onKey, onBlur, onValue, onDone, value, projectId, tableId, rowId, pluginId, PluginEditor, standby } = props;
  const box = useRef<HTMLDivElement>(null);
  usePopupPlacement(box);
  // Focus leaving the editor (not moving inside it) saves, as it does for the text input.
  // Blurs inside an editor's own dialog (a portal: elsewhere in the page, though React passes
  // its events through here) are the dialog's business.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.contains(event.target) && !box.contains(event.relatedTarget as Node | null)) onBlur();
  };
  return (
    <PluginBoundary pluginId={pluginId} fallback={<TextEditor {...props} />}>
      <div ref={box} className="wb-plugin-editor" data-testid="plugin-editor" onKeyDown={onKey} onBlur={leave}>
        <PluginEditor
          value={editing.value ? editing.value.v : value}
          typed={editing.typed}
          column={column}
          projectId={projectId}
          tableId={tableId}
          rowId={rowId}
          onChange={onValue}
          onDone={onDone}
          standby={standby}
        />
      </div>
    </PluginBoundary>
  );
}

function TextEditor({ editing, onText, onKey, onBlur, standby = false }: CellEditorProps) {
  const ref = useFocusWithoutLayout<HTMLInputElement>(!standby);
  return (
    <input
      ref={ref}
      disabled={editing.saving}
      onKeyDown={onKey}
      onBlur={onBlur}
      data-testid={standby ? undefined : "cell-editor"}
      className={`bp6-input bp6-small${editing.error ? " bp6-intent-danger" : ""}${standby ? " wb-cell-input-standby" : ""}`}
      value={editing.text}
      onChange={(e) => onText(e.currentTarget.value)}
    />
  );
}

/** Focus the editor as it opens (as it is drawn, or when it leaves standby), as `focusInCell`
 * does. */
function useFocusWithoutLayout<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && open) return focusInCell(el);
  }, [open]);
  return ref;
}
