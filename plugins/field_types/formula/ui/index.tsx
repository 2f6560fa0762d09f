// The UI of formulas (read-only, computed by the server): numbers formatted for the
// language, true/false as a tick, list results (over lookups) as a list, and a value the
// server could not compute shown as a readable error; text results as text fields show them
// (URL() results as links).
import { useIntl } from "react-intl";
import { FormGroup, Tag, TextArea } from "@blueprintjs/core";
import { definePlugin, type CellProps, type SettingsProps } from "@workbench/plugin-api";
import { DisplayText } from "../../text/ui/display";

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
  return (
    <span data-testid="formula-value">
      <DisplayText text={String(value)} />
    </span>
  );
}

/** Whether the server's refusal is about the formula's text. */
export function isFormulaError(message: string | null | undefined): boolean {
  return !!message && /(^|: )Invalid formula:/.test(message);
}

/** A formula error from the server ("Field 'X': Invalid formula: … at position N") split into
 * the message and the 0-based position, when it has one. */
export function formulaError(message: string): { text: string; position: number | null } {
  const text = message.replace(/^.*?Invalid formula:\s*/s, "");
  const match = /^(.*) at position (\d+)$/s.exec(text);
  return match ? { text: match[1], position: Number(match[2]) } : { text, position: null };
}

/** The formula's text, with the server's error under it at its position. */
function FormulaSettings({ value, onChange, serverError, columns }: SettingsProps) {
  const intl = useIntl();
  const formula = String(value.formula_raw ?? "");
  const error = serverError ? formulaError(serverError) : null;
  const example = columns.find((c) => !c.system && !c.pk);
  return (
    <FormGroup
      label={intl.formatMessage({ id: "plugin.field_formula.settings.formula" })}
      labelFor="field-formula"
      intent={error ? "danger" : "none"}
      helperText={intl.formatMessage({ id: "plugin.field_formula.settings.formulaHelp" }, { example: example ? `{${example.title}}` : "{Field}" })}
    >
      <TextArea
        id="field-formula"
        fill
        rows={3}
        value={formula}
        intent={error ? "danger" : "none"}
        onChange={(e) => onChange({ ...value, formula_raw: e.currentTarget.value })}
        className="wb-formula-input"
        data-testid="field-formula"
      />
      {error && (
        <div className="wb-formula-error" role="alert" data-testid="formula-error">
          <span className="bp6-text-danger">
            {error.position === null
              ? error.text
              : intl.formatMessage({ id: "plugin.field_formula.settings.formulaError" }, { message: error.text, position: error.position + 1 })}
          </span>
          {error.position !== null && (
            <pre className="wb-formula-where" aria-hidden>
              {formula}
              {"\n"}
              {" ".repeat(Math.min(error.position, formula.length))}^
            </pre>
          )}
        </div>
      )}
    </FormGroup>
  );
}

export default definePlugin({
  id: "field_formula",
  fieldTypes: {
    Formula: {
      Cell: FormulaCell,
      Settings: FormulaSettings,
      settingsOf: (column) => ({ formula_raw: String((column.colOptions as { formula_raw?: unknown } | null | undefined)?.formula_raw ?? "") }),
      ownsError: isFormulaError,
    },
  },
});
