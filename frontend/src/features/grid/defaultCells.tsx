// The host's own cell renderers for field types whose plugin ships no UI bundle: selects as
// coloured tags, ratings as stars, checkboxes as ticks; anything else as text.
import { Tag } from "@blueprintjs/core";
import type { Column } from "../tables/api";
import { cellText } from "./cells";

export function selectedOptions(value: unknown): string[] {
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(",").map((v) => v.trim()).filter(Boolean);
}

export function DefaultCell({ value, column }: { value: unknown; column: Column }) {
  if (column.uidt === "SingleSelect" || column.uidt === "MultiSelect") {
    const options = column.colOptions?.options ?? [];
    return (
      <span className="wb-select-cell">
        {selectedOptions(value).map((title) => (
          <Tag key={title} round minimal style={{ background: options.find((o) => o.title === title)?.color, color: "#1c2127" }} data-testid="select-tag">
            {title}
          </Tag>
        ))}
      </span>
    );
  }
  if (column.uidt === "Rating") {
    const max = Number((column.meta as { max?: number } | null)?.max ?? 5);
    const n = Math.max(0, Math.min(max, Number(value ?? 0)));
    return (
      <span className="wb-rating" aria-label={String(value ?? 0)}>
        <span className="wb-rating-on">{"★".repeat(n)}</span>
        <span className="wb-rating-off">{"★".repeat(max - n)}</span>
      </span>
    );
  }
  return <>{cellText(value, column)}</>;
}
