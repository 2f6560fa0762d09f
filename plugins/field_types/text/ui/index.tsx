// The UI of the text field types. SingleLineText and LongText show their text (a long text
// clipped to one line; URI::(…) links and ISO timestamps as display.tsx says); Email, URL and PhoneNumber show a link (mailto:, the web address,
// tel:) that opens without starting an edit. The editors are a text input, and for LongText
// a text area where Enter adds a line and Ctrl+Enter, Shift+Enter, Tab or leaving it saves.
// In the record form (variant "form") they fill the row, take no focus and show no save hint.
// The text input can be kept ready in the grid's active cell (standby) for its next edit.
import type { KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { definePlugin, useEditorText, type CellProps, type EditorProps } from "@workbench/plugin-api";
import { DisplayText } from "./display";
import { linkHref } from "./links";

export { linkHref };

const INPUT_MODES: Record<string, "email" | "url" | "tel" | "text"> = { Email: "email", URL: "url", PhoneNumber: "tel" };

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

function TextCell({ value }: CellProps) {
  return (
    <span className="wb-text-cell">
      <DisplayText text={textOf(value)} />
    </span>
  );
}

function LinkCell({ value, column }: CellProps) {
  const text = textOf(value);
  const href = linkHref(column.uidt, value);
  if (!href) return <span className="wb-text-cell">{text}</span>;
  const web = column.uidt === "URL";
  return (
    <a
      className="wb-link-cell"
      href={href}
      target={web ? "_blank" : undefined}
      rel={web ? "noopener noreferrer" : undefined}
      data-testid="text-link"
      // Following the link is not an edit of the cell.
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {text}
    </a>
  );
}

function TextEditor(props: EditorProps) {
  const { column, variant, inputId, standby } = props;
  const { ref, text, change } = useEditorText<HTMLInputElement>(props);
  return (
    <input
      ref={ref}
      id={inputId}
      className={variant === "form" ? "bp6-input bp6-fill wb-text-editor" : "bp6-input bp6-small wb-text-editor"}
      inputMode={INPUT_MODES[column.uidt] ?? "text"}
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      data-testid={standby ? undefined : "cell-editor"}
    />
  );
}

function LongTextEditor(props: EditorProps) {
  const { variant, inputId } = props;
  const intl = useIntl();
  const form = variant === "form";
  const { ref, text, change } = useEditorText<HTMLTextAreaElement>(props);
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A plain Enter is a new line; with Ctrl, Shift or Cmd it reaches the grid, which saves.
    if (event.key === "Enter" && !event.ctrlKey && !event.shiftKey && !event.metaKey) event.stopPropagation();
  };
  return (
    <div className={`${form ? "wb-form-editor" : "wb-popup-editor"} wb-longtext-editor`}>
      <textarea
        ref={ref}
        id={inputId}
        className="bp6-input bp6-fill"
        rows={form ? 4 : 6}
        value={text}
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={onKey}
        data-testid="cell-editor"
      />
      {!form && <div className="wb-popup-hint bp6-text-muted">{intl.formatMessage({ id: "plugin.field_text.saveHint" })}</div>}
    </div>
  );
}

const text = { Cell: TextCell, Editor: TextEditor, keepsReady: true };
const link = { Cell: LinkCell, Editor: TextEditor, keepsReady: true };

export default definePlugin({
  id: "field_text",
  fieldTypes: {
    SingleLineText: text,
    LongText: { Cell: TextCell, Editor: LongTextEditor, formInput: "multiline" },
    Email: { ...link, formInput: "email" },
    URL: { ...link, formInput: "url" },
    PhoneNumber: { ...link, formInput: "tel" },
  },
});
