// The UI of formulas (read-only, computed by the server): numbers formatted for the
// language, true/false as a tick, list results (over lookups) as a list, and a value the
// server could not compute shown as a readable error.
import { useIntl } from "react-intl";
import { Tag } from "@blueprintjs/core";
import { definePlugin, type CellProps } from "@workbench/plugin-api";
import messages from "../messages.json";

function FormulaCell({ value, column }: CellProps) {
  const intl = useIntl();
  if (value === null || value === undefined) return null;
  if (typeof value === "object" && !Array.isArray(value) && "error" in (value as object)) {
    const message = String((value as { error: unknown }).error);
    return (
      <span className="bp6-text-danger" role="alert" data-testid="formula-error">
        {intl.formatMessage({ id: "plugin.field_formula.error" }, { message })}
      </span>
    );
  }
  if (Array.isArray(value)) {
    return (
      <span className="wb-lookup-list" data-testid="formula-list">
        {value.map((item, i) => (
          <Tag key={i} minimal>
            {item === null || item === undefined ? "" : typeof item === "object" ? JSON.stringify(item) : String(item)}
          </Tag>
        ))}
      </span>
    );
  }
  const type = String((column.colOptions as { dataType?: unknown } | null | undefined)?.dataType ?? "");
  if (typeof value === "boolean" || type === "boolean") return <span>{value === true || value === 1 ? "✓" : ""}</span>;
  if (typeof value === "number") {
    return (
      <span className="wb-number-cell" data-testid="formula-value">
        {intl.formatNumber(value, { maximumFractionDigits: 6 })}
      </span>
    );
  }
  return <span data-testid="formula-value">{String(value)}</span>;
}

export default definePlugin({ id: "field_formula", messages, fieldTypes: { Formula: { Cell: FormulaCell } } });
