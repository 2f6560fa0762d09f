// A form view's settings: heading, subheading, success message, blank form after submit,
// "submit another" button; per field: shown, label, required, moved up or down; and a
// preview of the form as visitors will see it.
import { Button, Callout, Card, Checkbox, FormGroup, H4, InputGroup, Spinner, Switch, TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { FormFieldInput } from "../shared/FormFieldInput";
import { fillable, formFields, isRequired, type ShownField } from "../shared/formRules";
import type { Column } from "../tables/api";
import { notify } from "../ui/notify";
import { useFormQuery, useUpdateFormColumnMutation, useUpdateFormMutation, type FormColumn, type FormSettings } from "./api";

type TextKey = "heading" | "subheading" | "success_msg" | "redirect_url";

export function FormBuilder({ viewId, columns, editable }: { viewId: string; columns: Column[]; editable: boolean }) {
  const intl = useIntl();
  const { data: form, isLoading, isError, error } = useFormQuery(viewId);
  const [updateForm] = useUpdateFormMutation();
  const [updateColumn] = useUpdateFormColumnMutation();
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  if (isLoading || !form) return <Spinner size={24} />;
  const all = columns as unknown as ShownField[];
  const viewColumns = form.columns ?? [];
  const byColumn = new Map(viewColumns.map((vc) => [vc.fk_column_id, vc]));
  const fields = formFields(all, viewColumns);
  const candidates = all.filter((c) => fillable(c));
  const saveForm = async (body: Partial<FormSettings>) => {
    const result = await updateForm({ viewId, body });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };
  const saveColumn = async (vc: FormColumn | undefined, body: Partial<FormColumn>) => {
    if (!vc) return;
    const result = await updateColumn({ viewId, id: vc.id, body });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
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
          <FormattedMessage id="formView.settings" />
        </H4>
        {(["heading", "subheading", "success_msg", "redirect_url"] as TextKey[]).map((key) => (
          <TextSetting key={key} name={key} value={form[key] ?? ""} disabled={!editable} onSave={(value) => saveForm({ [key]: key === "redirect_url" ? value.trim() : value })} />
        ))}
        <Switch
          checked={!!form.show_blank_form}
          disabled={!editable}
          label={intl.formatMessage({ id: "formView.showBlankForm" })}
          onChange={(e) => void saveForm({ show_blank_form: e.currentTarget.checked })}
          data-testid="form-show-blank"
        />
        <Switch
          checked={!!form.submit_another_form}
          disabled={!editable}
          label={intl.formatMessage({ id: "formView.submitAnother" })}
          onChange={(e) => void saveForm({ submit_another_form: e.currentTarget.checked })}
          data-testid="form-submit-another"
        />
        <H4 className="wb-gap-top">
          <FormattedMessage id="formView.fields" />
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
                      placeholder={intl.formatMessage({ id: "formView.help" })}
                      label="formView.help"
                      testId="form-config-help"
                      disabled={!editable || !vc}
                      onSave={(description) => saveColumn(vc, { description })}
                    />
                    <Checkbox
                      checked={!!vc?.required || isRequired({ ...c, required: false }, all)}
                      disabled={!editable || !vc || isRequired({ ...c, required: false }, all)}
                      label={intl.formatMessage({ id: "formView.required" })}
                      onChange={(e) => void saveColumn(vc, { required: e.currentTarget.checked })}
                      data-testid="form-config-required"
                    />
                    <Button variant="minimal" size="small" icon="arrow-up" disabled={!editable || index === 0} aria-label={intl.formatMessage({ id: "formView.moveUp" })} onClick={() => move(index, -1)} />
                    <Button variant="minimal" size="small" icon="arrow-down" disabled={!editable || index === fields.length - 1} aria-label={intl.formatMessage({ id: "formView.moveDown" })} onClick={() => move(index, 1)} />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <Card className="wb-form-preview" data-testid="form-preview">
        <p className="bp6-text-muted">
          <FormattedMessage id="formView.preview" />
        </p>
        <h2>{form.heading || ""}</h2>
        {form.subheading && <p className="bp6-text-muted">{form.subheading}</p>}
        {fields.map((f) => (
          <FormGroup key={f.id} label={f.label || f.title} labelInfo={isRequired(f, all) ? "*" : undefined} helperText={f.description || undefined}>
            <FormFieldInput field={f} value={null} onChange={() => undefined} />
          </FormGroup>
        ))}
        <Button intent="primary" disabled>
          <FormattedMessage id="form.submit" />
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
    <FormGroup label={intl.formatMessage({ id: `formView.${name}` })} labelFor={`form-${name}`}>
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

function LabelSetting({ value, placeholder, disabled, onSave, label = "formView.label", testId = "form-config-label" }: {
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
