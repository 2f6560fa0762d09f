// Add a field, or rename / retype one: a name, a type and, for selects, the options; the
// rich types (links, lookups, rollups, counts, formulas, codes) their settings.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Column, ColumnBody } from "../tables/api";
import { useOpeningKey } from "../ui/useOpeningKey";
import { RICH_FIELD_TYPES, isFormulaError, missingSetting, richFieldBody, settingsOf, type RichSettings } from "./richFields";
import { RichFieldSettings } from "./RichFieldSettings";

export const FIELD_TYPES = [
  "SingleLineText", "LongText", "Number", "Decimal", "Currency", "Percent", "Rating", "Checkbox",
  "Date", "DateTime", "Time", "Year", "Duration", "Email", "URL", "PhoneNumber", "SingleSelect",
  "MultiSelect", "JSON", ...RICH_FIELD_TYPES,
] as const;

const SELECTS = ["SingleSelect", "MultiSelect"];

export interface FieldDialogProps {
  isOpen: boolean;
  column?: Column | null;
  taken: string[];
  busy?: boolean;
  serverError?: string | null;
  /** The table's fields and project (for the settings of links, lookups, formulas, ...). */
  columns?: readonly Column[];
  projectId?: string;
  onSubmit(body: ColumnBody): void;
  onCancel(): void;
}

/** SPEC §5-style checks: a name is required and unique in the table. */
export function validateFieldTitle(title: string, taken: readonly string[], current?: string): string | null {
  if (!title.trim()) return "field.title.required";
  const lower = title.trim().toLowerCase();
  if (taken.some((t) => t.toLowerCase() === lower && t !== current)) return "field.title.taken";
  return null;
}

function FieldForm({ column, taken, busy, serverError, columns, projectId, onSubmit, onCancel }: Omit<FieldDialogProps, "isOpen">) {
  const intl = useIntl();
  const [title, setTitle] = useState(column?.title ?? "");
  const [uidt, setUidt] = useState<string>(column?.uidt ?? "SingleLineText");
  const [options, setOptions] = useState("");
  const [touched, setTouched] = useState(false);
  const [settings, setSettings] = useState<RichSettings>(() => settingsOf(column));
  const rich = (RICH_FIELD_TYPES as readonly string[]).includes(uidt) || uidt === "LinkToAnotherRecord";
  const missing = rich ? missingSetting(uidt === "LinkToAnotherRecord" && column ? "" : uidt, settings) : null;
  // A formula's refusal is shown under the formula, where it can be corrected.
  const formulaMessage = uidt === "Formula" && isFormulaError(serverError) ? serverError! : null;
  const errorId = validateFieldTitle(title, taken, column?.title);
  const shown = (touched || title !== (column?.title ?? "")) && errorId ? intl.formatMessage({ id: errorId }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errorId || missing) return;
    if (rich) return onSubmit(richFieldBody(title.trim(), uidt, settings, !!column));
    const body: ColumnBody = { title: title.trim(), uidt };
    const list = options.split(",").map((o) => o.trim()).filter(Boolean);
    if (SELECTS.includes(uidt) && list.length) body.colOptions = { options: list.map((o) => ({ title: o })) };
    onSubmit(body);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {serverError && !formulaMessage && <Callout intent="danger" className="wb-gap" data-testid="form-error">{serverError}</Callout>}
        <FormGroup label={intl.formatMessage({ id: "field.title.label" })} labelFor="field-title" helperText={shown} intent={shown ? "danger" : "none"}>
          <InputGroup id="field-title" autoFocus value={title} onValueChange={setTitle} data-testid="field-title-input" />
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "field.type.label" })} labelFor="field-type">
          <HTMLSelect id="field-type" value={uidt} onChange={(e) => setUidt(e.currentTarget.value)} data-testid="field-type-select" fill>
            {(column && !(FIELD_TYPES as readonly string[]).includes(column.uidt) ? [column.uidt, ...FIELD_TYPES] : FIELD_TYPES).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {SELECTS.includes(uidt) && (
          <FormGroup label={intl.formatMessage({ id: "field.options.label" })} labelFor="field-options">
            <InputGroup id="field-options" value={options} onValueChange={setOptions} placeholder="a, b, c" />
          </FormGroup>
        )}
        {rich && (
          <RichFieldSettings
            uidt={uidt}
            settings={settings}
            onChange={setSettings}
            projectId={projectId}
            columns={(columns ?? []).filter((c) => c.id !== column?.id)}
            existing={!!column && column.uidt === uidt}
            formulaMessage={formulaMessage}
          />
        )}
        {touched && missing && (
          <Callout intent="warning" compact data-testid="field-missing">
            {intl.formatMessage({ id: missing })}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" intent="primary" loading={busy} disabled={!!errorId} data-testid="field-submit">
              <FormattedMessage id={column ? "common.save" : "common.create"} />
            </Button>
          </>
        }
      />
    </form>
  );
}

export function FieldDialog(props: FieldDialogProps) {
  const intl = useIntl();
  const { isOpen, ...form } = props;
  const formKey = useOpeningKey(isOpen ? (props.column?.id ?? "new") : null);
  return (
    <Dialog
      isOpen={isOpen}
      title={intl.formatMessage({ id: props.column ? "field.edit.title" : "field.add.title" })}
      onClose={props.onCancel}
      className="wb-dialog"
    >
      {isOpen && <FieldForm key={formKey} {...form} />}
    </Dialog>
  );
}
