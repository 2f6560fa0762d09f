// Create (or copy) a view of a type the catalogue lists: its title with the rules shown
// inline, then the type's settings: its bundle's settings component (a kanban asks for the
// single-choice field that makes its stacks, a calendar for its date fields, ...), else a
// form from its settings schema. The create button waits while the bundle says the settings
// are not enough.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Column } from "../tables/api";
import { uniqueTitle } from "../tables/validation";
import { useOpeningKey } from "../ui/useOpeningKey";
import { SchemaForm, schemaFields, withDefaults } from "../grid/SchemaForm";
import type { FieldInfo } from "../../plugins/hostApi";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { viewTypeUI } from "../../plugins/registry";
import { validateViewTitle } from "./api";
import { viewTypeOf } from "./viewTypes";

export interface NewView {
  title: string;
  /** The view type's settings (absent for a copy, which takes the copied view's). */
  settings?: Record<string, unknown>;
}

/** A view type's translated label. */
export function useViewTypeLabel() {
  const intl = useIntl();
  return (kind: string) => {
    const type = viewTypeOf({ type: kind });
    return type ? intl.formatMessage({ id: type.label, defaultMessage: type.name }) : kind;
  };
}

export function CreateViewDialog({ kind, copyOf, columns, taken, busy, serverError, onSubmit, onCancel }: {
  /** The type to create; null closes the dialog. */
  kind: string | null;
  /** Copying this view's title (the type is the copied view's). */
  copyOf?: string;
  columns: readonly Column[];
  taken: readonly string[];
  busy?: boolean;
  serverError?: string | null;
  onSubmit(view: NewView): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const label = useViewTypeLabel();
  const formKey = useOpeningKey(kind ? `${kind}/${copyOf ?? ""}` : null);
  return (
    <Dialog
      isOpen={!!kind}
      onClose={onCancel}
      className="wb-dialog"
      title={kind ? intl.formatMessage({ id: copyOf ? "views.copy.title" : "views.create.title" }, { type: label(kind) }) : ""}
    >
      {kind && (
        <CreateViewForm key={formKey} kind={kind} copyOf={copyOf} columns={columns} taken={taken} busy={busy} serverError={serverError} onSubmit={onSubmit} onCancel={onCancel} />
      )}
    </Dialog>
  );
}

function CreateViewForm({ kind, copyOf, columns, taken, busy, serverError, onSubmit, onCancel }: {
  kind: string;
  copyOf?: string;
  columns: readonly Column[];
  taken: readonly string[];
  busy?: boolean;
  serverError?: string | null;
  onSubmit(view: NewView): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const type = viewTypeOf({ type: kind });
  // The type's settings: its bundle's component, else a form from its settings schema.
  const ui = type ? viewTypeUI(type.name) : null;
  const schema = type && !ui?.Settings && schemaFields(type.settings).length ? type.settings : null;
  const [settings, setSettings] = useState<Record<string, unknown>>(() => (schema ? withDefaults(schema, {}) : {}));
  const label = useViewTypeLabel();
  const base = copyOf ?? label(kind);
  const [title, setTitle] = useState(() => uniqueTitle(base, taken));
  const titleError = validateViewTitle(title, taken);
  const fields = columns as readonly FieldInfo[];
  const complete = ui?.completeSettings ? ui.completeSettings(settings, fields) : settings;
  const missing = !copyOf && !complete;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (titleError || missing) return;
    onSubmit({ title, settings: copyOf ? undefined : (complete ?? undefined) });
  };
  const Settings = ui?.Settings;
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {serverError && <Callout intent="danger" className="wb-gap" data-testid="form-error">{serverError}</Callout>}
        <FormGroup
          label={intl.formatMessage({ id: "views.title.label" })}
          labelFor="view-title-input"
          helperText={titleError ? intl.formatMessage({ id: titleError }) : undefined}
          intent={titleError ? "danger" : "none"}
        >
          <InputGroup id="view-title-input" autoFocus value={title} onValueChange={setTitle} intent={titleError ? "danger" : "none"} data-testid="view-title-input" />
        </FormGroup>
        {!copyOf && Settings && ui && (
          <PluginBoundary pluginId={ui.pluginId} fallback={null}>
            <Settings value={settings} onChange={setSettings} columns={fields} />
          </PluginBoundary>
        )}
        {!copyOf && schema && <SchemaForm schema={schema} value={settings} onChange={setSettings} idPrefix="view-setting" />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" intent="primary" loading={busy} disabled={!!titleError || missing} data-testid="view-create-submit">
              <FormattedMessage id="common.create" />
            </Button>
          </>
        }
      />
    </form>
  );
}
