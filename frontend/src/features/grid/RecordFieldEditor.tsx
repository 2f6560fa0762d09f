// An editable field of the expanded record form: the Editor of the field type's plugin UI
// bundle in its "form" variant (filling the row, taking no focus of its own), or the host's
// input when the type has no editor, its bundle is not loaded or its editor fails: a text
// input (a text area for JSON and text of several lines) or, for a true/false type, a check
// box.
import { Checkbox, InputGroup, TextArea } from "@blueprintjs/core";
import { capability } from "../../plugins/catalogue";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { fieldTypeUI } from "../../plugins/registry";
import type { Column } from "../tables/api";

interface Props {
  column: Column;
  /** The id of the main input, which the form's label points to. */
  id: string;
  /** The record's value, which the editor starts from. */
  value: unknown;
  /** The host input's text (the fallback), and the check box's state. */
  text: string;
  checked: boolean;
  projectId?: string;
  tableId: string;
  rowId: unknown;
  readOnly: boolean;
  invalid: boolean;
  onValue(value: unknown): void;
  onText(text: string): void;
}

const noop = () => undefined;

export function RecordFieldEditor(props: Props) {
  const { column, id, value, projectId, tableId, rowId, readOnly, onValue } = props;
  const ui = fieldTypeUI(column.uidt);
  const fallback = <HostInput {...props} />;
  if (readOnly || !ui?.Editor) return fallback;
  const Editor = ui.Editor;
  return (
    <PluginBoundary pluginId={ui.pluginId} fallback={fallback}>
      <div className="wb-record-editor" data-testid="record-editor" data-uidt={column.uidt}>
        <Editor
          variant="form"
          inputId={id}
          value={value}
          column={column}
          projectId={projectId}
          tableId={tableId}
          rowId={rowId}
          onChange={onValue}
          onDone={noop}
        />
      </div>
    </PluginBoundary>
  );
}

function HostInput({ column, id, text, checked, readOnly, invalid, onValue, onText }: Props) {
  const as = capability(column.uidt, "export");
  if (as === "boolean") {
    return <Checkbox id={id} checked={checked} disabled={readOnly} onChange={(e) => onValue(e.currentTarget.checked)} data-testid="record-check" />;
  }
  const intent = invalid ? "danger" : "none";
  // JSON and text of several lines get a text area.
  if (as === "json" || text.includes("\n")) {
    return <TextArea id={id} fill intent={intent} value={text} readOnly={readOnly} onChange={(e) => onText(e.currentTarget.value)} data-testid="record-input" />;
  }
  return <InputGroup id={id} intent={intent} value={text} readOnly={readOnly} onValueChange={onText} data-testid="record-input" />;
}
