// The UI of Date, DateTime and Time: cells in the column's date format (meta.date_format,
// 12-hour times with meta.is12hrFormat) or the user's locale (DateTime in the user's time
// zone); the editors are the browser's date, date-and-time and time pickers, giving the API's
// formats (DateTime in UTC); in the record form (variant "form") the picker fills the row and
// takes no focus. The system timestamps show like a DateTime.
import { useLayoutEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { definePlugin, type CellProps, type EditorProps } from "@workbench/plugin-api";
import { formatDate, formatDateTime, formatTime, fromLocalInput, fromTimeInput, toLocalInput, type DateMeta } from "./format";

export { formatDate, formatDateTime, formatTime, formatTokens, fromLocalInput, fromTimeInput, parseDateTime, toLocalInput } from "./format";

const FORMATTERS: Record<string, (value: unknown, meta: DateMeta | null | undefined, locale: string) => string> = {
  Date: formatDate,
  DateTime: formatDateTime,
  Time: formatTime,
  CreateTime: formatDateTime,
  CreatedTime: formatDateTime,
  LastModifiedTime: formatDateTime,
};

function DateCell({ value, column }: CellProps) {
  const { locale } = useIntl();
  const format = FORMATTERS[column.uidt] ?? formatDate;
  return <span className="wb-date-cell">{format(value, column.meta as DateMeta | null, locale)}</span>;
}

const INPUTS: Record<string, { type: string; toInput(value: unknown): string; fromInput(text: string): string | null }> = {
  Date: { type: "date", toInput: (v) => /^\d{4}-\d{2}-\d{2}/.exec(String(v ?? ""))?.[0] ?? "", fromInput: (t) => t || null },
  DateTime: { type: "datetime-local", toInput: toLocalInput, fromInput: fromLocalInput },
  Time: { type: "time", toInput: (v) => /^\d{2}:\d{2}(:\d{2})?/.exec(String(v ?? ""))?.[0] ?? "", fromInput: fromTimeInput },
};

function DateEditor({ value, column, onChange, variant, inputId }: EditorProps) {
  const form = variant === "form";
  const kind = INPUTS[column.uidt] ?? INPUTS.Date;
  const [text, setText] = useState(() => kind.toInput(value));
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (!form) ref.current?.focus();
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <input
      ref={ref}
      id={inputId}
      type={kind.type}
      step={column.uidt === "Time" ? 1 : undefined}
      className={form ? "bp6-input bp6-fill wb-date-editor" : "bp6-input bp6-small wb-date-editor"}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(kind.fromInput(e.currentTarget.value));
      }}
      data-testid="cell-editor"
    />
  );
}

const ui = { Cell: DateCell, Editor: DateEditor };

export default definePlugin({
  id: "field_dates",
  fieldTypes: {
    Date: ui,
    DateTime: ui,
    Time: { ...ui, formInput: "time" },
    // The system timestamps are read only: shown like a DateTime.
    CreateTime: { Cell: DateCell },
    CreatedTime: { Cell: DateCell },
    LastModifiedTime: { Cell: DateCell },
  },
});
