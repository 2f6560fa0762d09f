// One field of a form as an input fitting its type (text, long text, number, checkbox, date,
// select, multi select, attachments, links). Values are kept as the API takes them.
import { Checkbox, FileInput, HTMLSelect, InputGroup, NumericInput, TextArea } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { LINK_TYPES, type FormField } from "./formRules";
import { LinkPicker, type LinkTarget } from "./LinkPicker";

const NUMBER_TYPES = ["Number", "Decimal", "Currency", "Percent", "Rating", "Duration", "Year"];

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
  if (LINK_TYPES.includes(field.uidt)) {
    // without a shared view to read choices from (the form builder's preview): a disabled search
    if (!link) return <InputGroup {...common} disabled fill leftIcon="search" placeholder={intl.formatMessage({ id: "form.linkSearch" })} />;
    return <LinkPicker field={field} target={link} value={value} onChange={onChange} invalid={invalid} />;
  }
  if (field.uidt === "LongText") {
    return <TextArea {...common} fill value={String(value ?? "")} intent={intent} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  if (field.uidt === "Checkbox") {
    return <Checkbox {...common} checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} />;
  }
  if (NUMBER_TYPES.includes(field.uidt)) {
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
  if (field.uidt === "SingleSelect") {
    return (
      <HTMLSelect {...common} fill value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value || null)}>
        <option value="" />
        {options.map((o) => <option key={o.title} value={o.title}>{o.title}</option>)}
      </HTMLSelect>
    );
  }
  if (field.uidt === "MultiSelect") {
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
  if (field.uidt === "Attachment") {
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
  const type = field.uidt === "Date" ? "date" : field.uidt === "DateTime" ? "datetime-local" : field.uidt === "Time" ? "time" : field.uidt === "Email" ? "email" : field.uidt === "URL" ? "url" : "text";
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
