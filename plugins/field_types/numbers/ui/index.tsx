// The UI of the numeric field types: Rating shows as stars and is edited by picking a star
// (click, number keys or arrows; Enter or a click saves). The host's own rendering stays the
// fallback while this bundle loads or if it fails.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { definePlugin, type CellProps, type EditorProps } from "@workbench/plugin-api";
import messages from "./messages.json";

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

function RatingEditor({ value, column, onChange, onDone }: EditorProps) {
  const intl = useIntl();
  const max = maxOf(column);
  const [n, setN] = useState(clamp(value, max));
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => box.current?.focus(), []);
  const pick = (next: number) => {
    const v = clamp(next, max);
    setN(v);
    onChange(v);
  };
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

export default definePlugin({
  id: "field_numbers",
  messages,
  fieldTypes: { Rating: { Cell: RatingCell, Editor: RatingEditor } },
});
