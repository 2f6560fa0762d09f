// The UI of JSON: the cell shows the value as compact JSON; the editor is a text area of the
// value laid out on lines, checked as the user types: a parse error shows under it and
// Ctrl+Enter does not save until it is fixed (the text stays as typed). Enter adds a line;
// Ctrl+Enter, Shift+Enter, Tab or leaving it saves. In the record form (variant "form") it
// fills the row, takes no focus and shows no save hint; the parse error shows the same.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { definePlugin, type CellProps, type EditorProps } from "@workbench/plugin-api";

/** The value as one line of JSON. */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return "";
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

/** The value laid out for editing (two-space indents). */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

/** Why `text` is not JSON, or null when it is (blank text clears the value). */
export function jsonError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function JsonCell({ value }: CellProps) {
  return <span className="wb-json-cell">{compactJson(value)}</span>;
}

function JsonEditor({ value, typed, onChange, variant, inputId }: EditorProps) {
  const intl = useIntl();
  const form = variant === "form";
  const [text, setText] = useState(() => (typed !== undefined ? typed : prettyJson(value)));
  const [error, setError] = useState(() => jsonError(text));
  const ref = useRef<HTMLTextAreaElement>(null);
  const change = (next: string) => {
    setText(next);
    setError(jsonError(next));
    // The text goes to the server as typed, which reads it as JSON.
    onChange(next.trim() ? next : null);
  };
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !form) {
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    }
    if (typed !== undefined) change(typed);
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter") return;
    if (!event.ctrlKey && !event.shiftKey && !event.metaKey) {
      event.stopPropagation(); // a new line
    } else if (error) {
      event.preventDefault();
      event.stopPropagation(); // not saved while the JSON does not parse
    }
  };
  return (
    <div className={`${form ? "wb-form-editor" : "wb-popup-editor"} wb-json-editor`}>
      <textarea
        ref={ref}
        id={inputId}
        className={`bp6-input bp6-fill wb-json-text${error ? " bp6-intent-danger" : ""}`}
        rows={form ? 5 : 8}
        spellCheck={false}
        value={text}
        aria-invalid={!!error}
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={onKey}
        data-testid="cell-editor"
      />
      {error && (
        <div className="wb-json-error bp6-text-small" role="alert" data-testid="json-error">
          {intl.formatMessage({ id: "plugin.field_json.invalid" }, { error })}
        </div>
      )}
      {!form && <div className="wb-popup-hint bp6-text-muted">{intl.formatMessage({ id: "plugin.field_json.saveHint" })}</div>}
    </div>
  );
}

export default definePlugin({
  id: "field_json",
  fieldTypes: { JSON: { Cell: JsonCell, Editor: JsonEditor } },
});
