// Add a field, or rename / retype one: a name, a type from the catalogue's menu and the
// type's settings (its plugin's settings component, else a form from its settings schema).
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useMemo, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useFieldTypes } from "../../plugins/catalogue";
import type { Column, ColumnBody } from "../tables/api";
import { useOpeningKey } from "../ui/useOpeningKey";
import { FieldSettings, settingsOfColumn, settingsOwnError } from "./FieldSettings";
import { FieldTypePicker } from "./FieldTypePicker";
import { missingRequired, withDefaults } from "./SchemaForm";

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

/** Checks: a name is required and unique in the table. */
export function validateFieldTitle(title: string, taken: readonly string[], current?: string): string | null {
  if (!title.trim()) return "field.title.required";
  const lower = title.trim().toLowerCase();
  if (taken.some((t) => t.toLowerCase() === lower && t !== current)) return "field.title.taken";
  return null;
}

function FieldForm({ column, taken, busy, serverError, columns, projectId, onSubmit, onCancel }: Omit<FieldDialogProps, "isOpen">) {
  const intl = useIntl();
  const { all, byUidt } = useFieldTypes();
  // The menu offers the creatable types, and the field's own type when it is another.
  const offered = useMemo(
    () => all.filter((t) => t.creatable || t.uidt === column?.uidt),
    [all, column?.uidt],
  );
  const [title, setTitle] = useState(column?.title ?? "");
  const [uidt, setUidt] = useState<string>(column?.uidt ?? offered[0]?.uidt ?? "");
  const [touched, setTouched] = useState(false);
  const [settingsByType, setSettingsByType] = useState<Record<string, Record<string, unknown>>>(() =>
    column ? { [column.uidt]: settingsOfColumn(byUidt.get(column.uidt), column) } : {},
  );
  const type = byUidt.get(uidt);
  const settings = type ? (settingsByType[uidt] ?? withDefaults(type.settings, {})) : {};
  const setSettings = (next: Record<string, unknown>) => setSettingsByType((all) => ({ ...all, [uidt]: next }));
  // The settings a new field (or a new type) needs before it can be sent; the server checks
  // an existing field's.
  const missing = type && (!column || column.uidt !== uidt) ? missingRequired(type.settings, settings) : null;
  // A refusal the type's settings claim (a formula's) is shown there, where it can be corrected.
  const ownError = settingsOwnError(uidt, serverError) ? serverError! : null;
  const errorId = validateFieldTitle(title, taken, column?.title);
  const shown = (touched || title !== (column?.title ?? "")) && errorId ? intl.formatMessage({ id: errorId }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errorId || missing || !uidt) return;
    onSubmit({ ...settings, title: title.trim(), uidt } as ColumnBody);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {serverError && !ownError && <Callout intent="danger" className="wb-gap" data-testid="form-error">{serverError}</Callout>}
        <FormGroup label={intl.formatMessage({ id: "field.title.label" })} labelFor="field-title" helperText={shown} intent={shown ? "danger" : "none"}>
          <InputGroup id="field-title" autoFocus value={title} onValueChange={setTitle} data-testid="field-title-input" />
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "field.type.label" })} labelFor="field-type">
          <FieldTypePicker value={uidt} types={offered} onChange={setUidt} />
        </FormGroup>
        {type && (
          <FieldSettings
            type={type}
            value={settings}
            onChange={setSettings}
            column={column}
            projectId={projectId}
            columns={(columns ?? []).filter((c) => c.id !== column?.id)}
            serverError={ownError}
          />
        )}
        {touched && missing && (
          <Callout intent="warning" compact data-testid="field-missing">
            {intl.formatMessage({ id: "field.settings.required" }, { name: intl.formatMessage({ id: missing, defaultMessage: missing }) })}
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
