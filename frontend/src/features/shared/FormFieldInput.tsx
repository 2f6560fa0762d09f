// One field of a form as an input fitting its type, by what the catalogue says of it (links,
// files, true/false, numbers, one or several options, dates) and the input its plugin asks
// for (long text, email, ...). Values are kept as the API takes them.
import { Checkbox, FileInput, HTMLSelect, InputGroup, NumericInput, TextArea } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { capability, choiceKind } from "../../plugins/catalogue";
import { fieldTypeUI } from "../../plugins/registry";
import { isLinkField, type FormField } from "./formRules";
import { LinkPicker, type LinkTarget } from "./LinkPicker";

const INPUT_TYPES: Record<string, string> = { date: "date", datetime: "datetime-local" };

export interface FieldInputProps {
  field: FormField & { colOptions?: { options?: { title: string }[] } | null };
  value: unknown;
  files?: File[];
  onChange(value: unknown): void;
  onFiles?(files: File[]): void;
  invalid?: boolean;
  /** For a link field: the shared view and the linked table (its key and display value). */
  link?: LinkTarget;
}

export function FormFieldInput({ field, value, files, onChange, onFiles, invalid, link }: FieldInputProps) {
  const intl = useIntl();
  const id = `form-field-${field.id}`;
  const intent = invalid ? "danger" : "none";
  const common = { id, "data-testid": `form-input-${field.title}` };
  const options = field.colOptions?.options ?? [];
  const as = capability(field.uidt, "export");
  const choice = choiceKind(field.uidt);
  const formInput = fieldTypeUI(field.uidt)?.formInput;
  if (isLinkField(field.uidt)) {
    // without a shared view to read choices from (the form builder's preview): a disabled search
    if (!link) return <InputGroup {...common} disabled fill leftIcon="search" placeholder={intl.formatMessage({ id: "form.linkSearch" })} />;
    return <LinkPicker field={field} target={link} value={value} onChange={onChange} invalid={invalid} />;
  }
  if (formInput === "multiline") {
    return <TextArea {...common} fill value={String(value ?? "")} intent={intent} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  if (as === "boolean") {
    return <Checkbox {...common} checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} />;
  }
  if (as === "number") {
    return (
      <NumericInput
        {...common}
        fill
        intent={intent}
        buttonPosition="none"
        value={value === null || value === undefined ? "" : String(value)}
        onValueChange={(n, text) => onChange(text === "" || Number.isNaN(n) ? null : n)}
      />
    );
  }
  if (choice === "single") {
    return (
      <HTMLSelect {...common} fill value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value || null)}>
        <option value="" />
        {options.map((o) => <option key={o.title} value={o.title}>{o.title}</option>)}
      </HTMLSelect>
    );
  }
  if (choice === "multi") {
    const chosen = new Set(String(value ?? "").split(",").filter(Boolean));
    return (
      <div {...common}>
        {options.map((o) => (
          <Checkbox
            key={o.title}
            inline
            label={o.title}
            checked={chosen.has(o.title)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.currentTarget.checked) next.add(o.title);
              else next.delete(o.title);
              onChange(next.size ? options.map((x) => x.title).filter((t) => next.has(t)).join(",") : null);
            }}
          />
        ))}
      </div>
    );
  }
  if (capability(field.uidt, "holdsFiles")) {
    const names = (files ?? []).map((f) => f.name).join(", ");
    return (
      <FileInput
        fill
        text={names || intl.formatMessage({ id: "form.chooseFiles" })}
        hasSelection={!!names}
        buttonText={intl.formatMessage({ id: "form.browse" })}
        inputProps={{ multiple: true, id, ...({ "data-testid": `form-input-${field.title}` } as object) }}
        onInputChange={(e) => onFiles?.(Array.from((e.currentTarget as HTMLInputElement).files ?? []))}
      />
    );
  }
  const type = INPUT_TYPES[as ?? ""] ?? formInput ?? "text";
  return (
    <InputGroup
      {...common}
      type={type}
      fill
      intent={intent}
      value={String(value ?? "")}
      onValueChange={(text) => onChange(text === "" ? null : text)}
    />
  );
}
