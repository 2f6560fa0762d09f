// The UI of the numeric field types: Number and Year as they are, Decimal to its precision,
// Currency in the column's locale and currency, Percent with a % sign, Duration as h:mm (or
// the column's duration format); their editor is a text input whose text is read as a number
// (a duration also as h:mm or h:mm:ss), text that is not one going to the server, which
// explains. Rating shows as stars and is edited by picking a star (click, number keys or
// arrows; Enter or a click saves). The host shows plain text while this bundle loads or if
// it fails. In the record form (variant "form") the editors take no focus and the input
// fills the row. The number input can be kept ready in the grid's active cell (standby).
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { definePlugin, useEditorText, type CellProps, type EditorProps } from "@workbench/plugin-api";
import {
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatNumber,
  formatPercent,
  parseDurationInput,
  parseNumberInput,
  type NumberMeta,
} from "./format";

export {
  durationFormat,
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatPercent,
  parseDurationInput,
  parseNumberInput,
} from "./format";

const FORMATTERS: Record<string, (value: unknown, meta: NumberMeta, locale: string) => string> = {
  Number: formatNumber,
  Year: formatNumber,
  Decimal: formatDecimal,
  Currency: formatCurrency,
  Percent: formatPercent,
  Duration: (value, meta) => formatDuration(value, meta),
};

function NumberCell({ value, column }: CellProps) {
  const { locale } = useIntl();
  const format = FORMATTERS[column.uidt] ?? formatNumber;
  return <span className="wb-number-cell">{format(value, column.meta, locale)}</span>;
}

/** The text a value is edited as (a duration as the column shows it). */
function textOf(value: unknown, column: CellProps["column"]): string {
  if (value === null || value === undefined) return "";
  return column.uidt === "Duration" ? formatDuration(value, column.meta) : String(value);
}

function NumberEditor(props: EditorProps) {
  const { column, variant, inputId, standby } = props;
  const form = variant === "form";
  const { ref, text, change } = useEditorText<HTMLInputElement>(props, {
    fromValue: (value) => textOf(value, column),
    toValue: column.uidt === "Duration" ? parseDurationInput : parseNumberInput,
  });
  return (
    <input
      ref={ref}
      id={inputId}
      className={form ? "bp6-input bp6-fill wb-number-editor" : "bp6-input bp6-small wb-number-editor"}
      inputMode={column.uidt === "Duration" ? "text" : "decimal"}
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      data-testid={standby ? undefined : "cell-editor"}
    />
  );
}

function maxOf(column: CellProps["column"]): number {
  const max = Number((column.meta as { max?: unknown } | null | undefined)?.max ?? 5);
  return Number.isInteger(max) && max > 0 && max <= 10 ? max : 5;
}

function clamp(value: unknown, max: number): number {
  const n = Math.round(Number(value ?? 0));
  return Number.isFinite(n) ? Math.max(0, Math.min(max, n)) : 0;
}

function RatingCell({ value, column }: CellProps) {
  const intl = useIntl();
  const max = maxOf(column);
  const n = clamp(value, max);
  return (
    <span className="wb-rating" role="img" aria-label={intl.formatMessage({ id: "plugin.field_numbers.rating" }, { n, max })}>
      <span className="wb-rating-on">{"★".repeat(n)}</span>
      <span className="wb-rating-off">{"★".repeat(max - n)}</span>
    </span>
  );
}

function RatingEditor({ value, typed, column, onChange, onDone, variant, inputId }: EditorProps) {
  const intl = useIntl();
  const max = maxOf(column);
  const [n, setN] = useState(clamp(value, max));
  const box = useRef<HTMLSpanElement>(null);
  const pick = (next: number) => {
    const v = clamp(next, max);
    setN(v);
    onChange(v);
  };
  useLayoutEffect(() => {
    if (variant !== "form") box.current?.focus();
    // A digit typed on the cell picks that many stars.
    if (typed !== undefined && /^[0-9]$/.test(typed)) pick(Number(typed));
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKey = (event: KeyboardEvent<HTMLSpanElement>) => {
    const rtl = box.current ? getComputedStyle(box.current).direction === "rtl" : false;
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowUp: 1, ArrowDown: -1 }[event.key];
    if (step) {
      event.preventDefault();
      event.stopPropagation();
      pick(n + step);
    } else if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      event.stopPropagation();
      pick(Number(event.key));
    }
  };
  return (
    <span
      ref={box}
      id={inputId}
      className="wb-rating wb-rating-editor"
      role="slider"
      tabIndex={0}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={n}
      aria-label={intl.formatMessage({ id: "plugin.field_numbers.rating" }, { n, max })}
      onKeyDown={onKey}
      data-testid="rating-editor"
    >
      {Array.from({ length: max }, (_, i) => (
        <span
          key={i}
          className={i < n ? "wb-rating-on" : "wb-rating-off"}
          style={{ cursor: "pointer" }}
          data-testid="rating-star"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            // Clicking the current rating clears it, as in most star widgets.
            pick(i + 1 === n ? 0 : i + 1);
            onDone();
          }}
        >
          ★
        </span>
      ))}
    </span>
  );
}

const number = { Cell: NumberCell, Editor: NumberEditor, keepsReady: true };

export default definePlugin({
  id: "field_numbers",
  fieldTypes: {
    Number: number,
    Decimal: number,
    Currency: number,
    Percent: number,
    Duration: number,
    Year: number,
    Rating: { Cell: RatingCell, Editor: RatingEditor },
  },
});
