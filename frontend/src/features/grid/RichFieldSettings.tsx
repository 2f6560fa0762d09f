// The settings of the rich field types in the field dialog: the other table and kind of a
// link; the link and related field of a lookup, rollup or count (and a rollup's function);
// a formula's text with the server's error at its position; the field a QR code or barcode
// shows (and the barcode format).
import { FormGroup, HTMLSelect, Radio, RadioGroup, TextArea } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { useTableQuery, useTablesQuery, type Column } from "../tables/api";
import {
  BARCODE_FORMATS,
  CODE_SOURCE_TYPES,
  LINK_KINDS,
  LINK_TYPES,
  ROLLUP_FUNCTIONS,
  formulaError,
  type LinkKind,
  type RichSettings,
} from "./richFields";

interface Props {
  uidt: string;
  settings: RichSettings;
  onChange(next: RichSettings): void;
  projectId?: string;
  /** The fields of the table the field is in. */
  columns: readonly Column[];
  /** The field exists: a link's table and kind are fixed. */
  existing: boolean;
  /** The server's refusal of a formula, shown under it. */
  formulaMessage?: string | null;
}

function Choose({ id, label, value, onChange, options, testId, disabled }: {
  id: string;
  label: string;
  value?: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  testId: string;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill value={value ?? ""} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        <option value="">{intl.formatMessage({ id: "field.rich.choose" })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

const visible = (c: Column) => !c.system && !c.pk;

function LinkSettings({ settings, onChange, projectId, existing }: Props) {
  const intl = useIntl();
  const { data } = useTablesQuery(projectId ?? "", { skip: !projectId });
  return (
    <>
      <Choose
        id="field-link-table"
        label={intl.formatMessage({ id: "field.rich.table" })}
        value={settings.childId}
        disabled={existing}
        onChange={(childId) => onChange({ ...settings, childId })}
        options={(data?.list ?? []).map((t) => ({ value: t.id, label: t.title }))}
        testId="field-link-table"
      />
      <RadioGroup
        label={intl.formatMessage({ id: "field.rich.kind" })}
        selectedValue={settings.type ?? "hm"}
        disabled={existing}
        onChange={(e) => onChange({ ...settings, type: e.currentTarget.value as LinkKind })}
      >
        {LINK_KINDS.map((kind) => (
          <Radio key={kind} value={kind} label={intl.formatMessage({ id: `field.rich.kind.${kind}` })} data-testid={`field-link-kind-${kind}`} />
        ))}
      </RadioGroup>
    </>
  );
}

function ThroughLink({ uidt, settings, onChange, columns }: Props) {
  const intl = useIntl();
  const links = columns.filter((c) => LINK_TYPES.has(c.uidt));
  const link = links.find((c) => c.id === settings.relationId);
  const relatedId = (link?.colOptions as { fk_related_model_id?: string } | null | undefined)?.fk_related_model_id;
  const { data: related } = useTableQuery(relatedId ?? "", { skip: !relatedId || uidt === "Count" });
  if (!links.length) return <p className="bp6-text-muted" data-testid="field-no-links">{intl.formatMessage({ id: "field.rich.noLinks" })}</p>;
  return (
    <>
      <Choose
        id="field-relation"
        label={intl.formatMessage({ id: "field.rich.link" })}
        value={settings.relationId}
        onChange={(relationId) => onChange({ ...settings, relationId, targetId: undefined })}
        options={links.map((c) => ({ value: c.id, label: c.title }))}
        testId="field-relation"
      />
      {uidt !== "Count" && (
        <Choose
          id="field-target"
          label={intl.formatMessage({ id: "field.rich.target" })}
          value={settings.targetId}
          onChange={(targetId) => onChange({ ...settings, targetId })}
          options={(related?.columns ?? []).filter(visible).map((c) => ({ value: c.id, label: c.title }))}
          testId="field-target"
        />
      )}
      {uidt === "Rollup" && (
        <FormGroup label={intl.formatMessage({ id: "field.rich.function" })} labelFor="field-rollup-function">
          <HTMLSelect
            id="field-rollup-function"
            fill
            value={settings.rollupFunction ?? "sum"}
            onChange={(e) => onChange({ ...settings, rollupFunction: e.currentTarget.value })}
            data-testid="field-rollup-function"
          >
            {ROLLUP_FUNCTIONS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </>
  );
}

function FormulaSettings({ settings, onChange, formulaMessage, columns }: Props) {
  const intl = useIntl();
  const formula = settings.formula ?? "";
  const error = formulaMessage ? formulaError(formulaMessage) : null;
  return (
    <FormGroup
      label={intl.formatMessage({ id: "field.rich.formula" })}
      labelFor="field-formula"
      intent={error ? "danger" : "none"}
      helperText={intl.formatMessage({ id: "field.rich.formulaHelp" }, { example: columns.find(visible) ? `{${columns.find(visible)!.title}}` : "{Field}" })}
    >
      <TextArea
        id="field-formula"
        fill
        rows={3}
        value={formula}
        intent={error ? "danger" : "none"}
        onChange={(e) => onChange({ ...settings, formula: e.currentTarget.value })}
        className="wb-formula-input"
        data-testid="field-formula"
      />
      {error && (
        <div className="wb-formula-error" role="alert" data-testid="formula-error">
          <span className="bp6-text-danger">
            {error.position === null
              ? error.text
              : intl.formatMessage({ id: "field.rich.formulaError" }, { message: error.text, position: error.position + 1 })}
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

function CodeSettings({ uidt, settings, onChange, columns }: Props) {
  const intl = useIntl();
  return (
    <>
      <Choose
        id="field-source"
        label={intl.formatMessage({ id: "field.rich.source" })}
        value={settings.sourceId}
        onChange={(sourceId) => onChange({ ...settings, sourceId })}
        options={columns.filter((c) => visible(c) && CODE_SOURCE_TYPES.has(c.uidt)).map((c) => ({ value: c.id, label: c.title }))}
        testId="field-source"
      />
      {uidt === "Barcode" && (
        <FormGroup label={intl.formatMessage({ id: "field.rich.format" })} labelFor="field-barcode-format">
          <HTMLSelect
            id="field-barcode-format"
            fill
            value={settings.barcodeFormat ?? "CODE128"}
            onChange={(e) => onChange({ ...settings, barcodeFormat: e.currentTarget.value })}
            data-testid="field-barcode-format"
          >
            {BARCODE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </>
  );
}

export function RichFieldSettings(props: Props) {
  switch (props.uidt) {
    case "Links":
    case "LinkToAnotherRecord":
      return <LinkSettings {...props} />;
    case "Lookup":
    case "Rollup":
    case "Count":
      return <ThroughLink {...props} />;
    case "Formula":
      return <FormulaSettings {...props} />;
    case "QrCode":
    case "Barcode":
      return <CodeSettings {...props} />;
    default:
      return null;
  }
}
