// The UI of lookups and rollups (read-only, computed by the server): a lookup shows the
// values it reached through the link as a list of chips, a rollup its one value.
import { useIntl } from "react-intl";
import { Tag } from "@blueprintjs/core";
import { definePlugin, type CellProps } from "@workbench/plugin-api";
import messages from "../messages.json";

export function itemText(item: unknown): string {
  if (item === null || item === undefined) return "";
  if (typeof item === "boolean") return item ? "✓" : "";
  if (typeof item === "object") {
    // a looked-up link or attachment: its display value or title
    const o = item as Record<string, unknown>;
    if (typeof o.title === "string") return o.title;
    const values = Object.values(o);
    return itemText(values.length > 1 ? values[1] : values[0]);
  }
  return String(item);
}

function LookupCell({ value }: CellProps) {
  const intl = useIntl();
  const items = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).filter(
    (item) => itemText(item) !== "",
  );
  if (!items.length) return null;
  return (
    <span className="wb-lookup-list" data-testid="lookup-list" aria-label={intl.formatMessage({ id: "plugin.field_lookup_rollup.values" }, { n: items.length })}>
      {items.map((item, i) => (
        <Tag key={i} minimal className="wb-lookup-item" data-testid="lookup-item">
          {itemText(item)}
        </Tag>
      ))}
    </span>
  );
}

function RollupCell({ value }: CellProps) {
  const intl = useIntl();
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return (
    <span className="wb-number-cell" data-testid="rollup-value">
      {Number.isFinite(n) ? intl.formatNumber(n, { maximumFractionDigits: 6 }) : String(value)}
    </span>
  );
}

export default definePlugin({
  id: "field_lookup_rollup",
  messages,
  fieldTypes: { Lookup: { Cell: LookupCell }, Rollup: { Cell: RollupCell } },
});
