// A form view's settings: heading, subheading, success message, blank form after submit,
// "submit another" button; per field: shown, label, required, moved up or down; and a
// preview of the form as visitors will see it.
import { Button, Card, Checkbox, FormGroup, H4, InputGroup, Switch, TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormFieldInput, formFields, isFillable, isRequiredInForm, toast, type FieldInfo } from "@workbench/plugin-api";
import { useUpdateFormColumn, type FormColumn, type FormSettings } from "./formApi";

type TextKey = "heading" | "subheading" | "success_msg" | "redirect_url";

export function FormBuilder({ viewId, columns, form, editable, saveSettings }: {
  viewId: string;
  columns: FieldInfo[];
  /** The form's settings, with its fields' (`columns`). */
  form: FormSettings;
  editable: boolean;
  saveSettings?(changes: Record<string, unknown>): Promise<boolean>;
}) {
  const intl = useIntl();
  const updateFormColumn = useUpdateFormColumn();
  const all = columns;
  const viewColumns = form.columns ?? [];
  const byColumn = new Map(viewColumns.map((vc) => [vc.fk_column_id, vc]));
  const fields = formFields(all, viewColumns);
  const candidates = all.filter((c) => isFillable(c));
  const saveForm = async (body: Partial<FormSettings>) => {
    await saveSettings?.(body);
  };
  const saveColumn = async (vc: FormColumn | undefined, body: Partial<FormColumn>) => {
    if (!vc) return;
    const result = await updateFormColumn({ viewId, id: vc.id, body });
    if (result.error) toast(result.error.message, "danger");
  };
  const move = (index: number, delta: -1 | 1) => {
    const target = fields[index + delta];
    const here = fields[index];
    if (!target) return;
    const a = byColumn.get(here.id);
    const b = byColumn.get(target.id);
    const orderA = a?.order ?? index + 1;
    const orderB = b?.order ?? index + delta + 1;
    void saveColumn(a, { order: orderB });
    void saveColumn(b, { order: orderA });
  };
  return (
    <div className="wb-form-builder" data-testid="form-builder">
      <Card className="wb-form-settings">
        <H4>
          <FormattedMessage id="plugin.view_form.settings" />
        </H4>
        {(["heading", "subheading", "success_msg", "redirect_url"] as TextKey[]).map((key) => (
          <TextSetting key={key} name={key} value={form[key] ?? ""} disabled={!editable} onSave={(value) => saveForm({ [key]: key === "redirect_url" ? value.trim() : value })} />
        ))}
        <Switch
          checked={!!form.show_blank_form}
          disabled={!editable}
          label={intl.formatMessage({ id: "plugin.view_form.showBlankForm" })}
          onChange={(e) => void saveForm({ show_blank_form: e.currentTarget.checked })}
          data-testid="form-show-blank"
        />
        <Switch
          checked={!!form.submit_another_form}
          disabled={!editable}
          label={intl.formatMessage({ id: "plugin.view_form.submitAnother" })}
          onChange={(e) => void saveForm({ submit_another_form: e.currentTarget.checked })}
          data-testid="form-submit-another"
        />
        <H4 className="wb-gap-top">
          <FormattedMessage id="plugin.view_form.fields" />
        </H4>
        <ul className="wb-plain-list wb-form-fields">
          {candidates.map((c) => {
            const vc = byColumn.get(c.id);
            const index = fields.findIndex((f) => f.id === c.id);
            const shown = index >= 0;
            return (
              <li key={c.id} className="wb-form-field-row" data-testid={`form-config-${c.title}`}>
                <Checkbox
                  checked={shown}
                  disabled={!editable || !vc}
                  label={c.title}
                  onChange={(e) => void saveColumn(vc, { show: e.currentTarget.checked })}
                  data-testid="form-config-show"
                />
                {shown && (
                  <>
                    <LabelSetting value={vc?.label ?? ""} placeholder={c.title} disabled={!editable || !vc} onSave={(label) => saveColumn(vc, { label })} />
                    <LabelSetting
                      value={vc?.description ?? ""}
                      placeholder={intl.formatMessage({ id: "plugin.view_form.help" })}
                      label="plugin.view_form.help"
                      testId="form-config-help"
                      disabled={!editable || !vc}
                      onSave={(description) => saveColumn(vc, { description })}
                    />
                    <Checkbox
                      checked={!!vc?.required || isRequiredInForm({ ...c, required: false }, all)}
                      disabled={!editable || !vc || isRequiredInForm({ ...c, required: false }, all)}
                      label={intl.formatMessage({ id: "plugin.view_form.required" })}
                      onChange={(e) => void saveColumn(vc, { required: e.currentTarget.checked })}
                      data-testid="form-config-required"
                    />
                    <Button variant="minimal" size="small" icon="arrow-up" disabled={!editable || index === 0} aria-label={intl.formatMessage({ id: "plugin.view_form.moveUp" })} onClick={() => move(index, -1)} />
                    <Button variant="minimal" size="small" icon="arrow-down" disabled={!editable || index === fields.length - 1} aria-label={intl.formatMessage({ id: "plugin.view_form.moveDown" })} onClick={() => move(index, 1)} />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <Card className="wb-form-preview" data-testid="form-preview">
        <p className="bp6-text-muted">
          <FormattedMessage id="plugin.view_form.preview" />
        </p>
        <h2>{form.heading || ""}</h2>
        {form.subheading && <p className="bp6-text-muted">{form.subheading}</p>}
        {fields.map((f) => (
          <FormGroup key={f.id} label={f.label || f.title} labelInfo={isRequiredInForm(f, all) ? "*" : undefined} helperText={f.description || undefined}>
            <FormFieldInput field={f} value={null} onChange={() => undefined} />
          </FormGroup>
        ))}
        <Button intent="primary" disabled>
          <FormattedMessage id="plugin.view_form.submit" />
        </Button>
      </Card>
    </div>
  );
}

function TextSetting({ name, value, disabled, onSave }: { name: TextKey; value: string; disabled: boolean; onSave(value: string): void }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const Input = name === "success_msg" ? TextArea : InputGroup;
  return (
    <FormGroup label={intl.formatMessage({ id: `plugin.view_form.${name}` })} labelFor={`form-${name}`}>
      <Input
        id={`form-${name}`}
        fill
        disabled={disabled}
        value={text}
        onChange={(e: { currentTarget: { value: string } }) => setText(e.currentTarget.value)}
        onBlur={() => text !== value && onSave(text)}
        data-testid={`form-${name}`}
      />
    </FormGroup>
  );
}

function LabelSetting({ value, placeholder, disabled, onSave, label = "plugin.view_form.fieldLabel", testId = "form-config-label" }: {
  value: string;
  placeholder: string;
  disabled: boolean;
  onSave(value: string): void;
  label?: string;
  testId?: string;
}) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  return (
    <InputGroup
      small
      className="wb-form-label-input"
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      aria-label={intl.formatMessage({ id: label })}
      onValueChange={setText}
      onBlur={() => text !== value && onSave(text)}
      data-testid={testId}
    />
  );
}
