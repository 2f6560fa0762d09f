// One field of a form: links get the shared view's link picker and files a file input; any
// other field gets the Editor of its type's plugin UI bundle in its "form" variant (as the
// expanded record form does). Until the bundle has loaded, or when the type has no editor or
// its editor fails, the host's input fitting what the catalogue says of the type stands in
// (true/false, numbers, one or several options, dates, and the input its plugin asks for:
// long text, email, ...). Values are kept as the API takes them.
import { Checkbox, FileInput, HTMLSelect, InputGroup, NumericInput, TextArea } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { useAppSelector } from "../../app/hooks";
import { capability, choiceKind } from "../../plugins/catalogue";
import { PluginBoundary } from "../../plugins/PluginBoundary";
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

const noop = () => undefined;

export function FormFieldInput(props: FieldInputProps) {
  const { field, value, onChange, link } = props;
  const intl = useIntl();
  useAppSelector((s) => s.ui.pluginsVersion); // the type's editor appears once its bundle has loaded
  const id = `form-field-${field.id}`;
  if (isLinkField(field.uidt)) {
    // without a shared view to read choices from (the form builder's preview): a disabled search
    const common = { id, "data-testid": `form-input-${field.title}` };
    if (!link) return <InputGroup {...common} disabled fill leftIcon="search" placeholder={intl.formatMessage({ id: "form.linkSearch" })} />;
    return <LinkPicker field={field} target={link} value={value} onChange={onChange} invalid={props.invalid} />;
  }
  const ui = fieldTypeUI(field.uidt);
  const host = <HostInput {...props} />;
  if (!ui?.Editor || capability(field.uidt, "holdsFiles")) return host;
  const Editor = ui.Editor;
  return (
    <PluginBoundary pluginId={ui.pluginId} fallback={host}>
      <div className="wb-record-editor" data-testid={`form-editor-${field.title}`} data-uidt={field.uidt}>
        <Editor variant="form" inputId={id} value={value ?? null} column={field} onChange={onChange} onDone={noop} />
      </div>
    </PluginBoundary>
  );
}

/** The host's own input for a field, by what the catalogue says of its type. */
function HostInput({ field, value, files, onChange, onFiles, invalid }: FieldInputProps) {
  const intl = useIntl();
  const id = `form-field-${field.id}`;
  const intent = invalid ? "danger" : "none";
  const common = { id, "data-testid": `form-input-${field.title}` };
  const options = field.colOptions?.options ?? [];
  const as = capability(field.uidt, "export");
  const choice = choiceKind(field.uidt);
  const formInput = fieldTypeUI(field.uidt)?.formInput;
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
