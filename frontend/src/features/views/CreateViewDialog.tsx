// Create (or copy) a view of a type the catalogue lists: its title with the rules shown
// inline; a view built on fields asks for them (a kanban for the single-choice field that
// makes its stacks, a gallery for the cover image field, a calendar for its date field and,
// optionally, the field where a record ends); another plugin's view type, for the settings
// its schema describes.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Column } from "../tables/api";
import { uniqueTitle } from "../tables/validation";
import { useOpeningKey } from "../ui/useOpeningKey";
import { SchemaForm, schemaFields, withDefaults } from "../grid/SchemaForm";
import { validateViewTitle } from "./api";
import { builtinOf, holdsFiles, isCalendarDate, isSingleChoice, viewTypeOf } from "./viewTypes";

export interface NewView {
  title: string;
  groupColumnId?: string;
  coverColumnId?: string;
  dateColumnId?: string;
  /** Calendar: where a record ends (optional). */
  endColumnId?: string;
  /** The settings of a view type whose schema describes them. */
  settings?: Record<string, unknown>;
}

/** The fields a view type can be built on: kanban stacks, gallery covers, calendar dates. */
export function choicesFor(kind: string, columns: readonly Column[]) {
  const needs = builtinOf(viewTypeOf({ type: kind }))?.needs ?? {};
  return {
    group: columns.filter(isSingleChoice),
    cover: columns.filter(holdsFiles),
    date: columns.filter(isCalendarDate),
    needsGroup: !!needs.group,
    needsDate: !!needs.date,
    offersCover: !!needs.cover,
  };
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
  const choices = choicesFor(kind, columns);
  const type = viewTypeOf({ type: kind });
  // A view type the host does not draw itself: the settings its schema describes.
  const schema = type && !builtinOf(type) && schemaFields(type.settings).length ? type.settings : null;
  const [settings, setSettings] = useState<Record<string, unknown>>(() => (schema ? withDefaults(schema, {}) : {}));
  const label = useViewTypeLabel();
  const base = copyOf ?? label(kind);
  const [title, setTitle] = useState(() => uniqueTitle(base, taken));
  // Until the user picks, each field is the first fitting one of the columns as they are
  // now (they may arrive after the dialog opens).
  const [pickedGroup, setGroup] = useState<string>();
  const [pickedCover, setCover] = useState<string>();
  const [pickedDate, setDate] = useState<string>();
  const [pickedEnd, setEnd] = useState("");
  const groupColumnId = pickedGroup ?? choices.group[0]?.id ?? "";
  const coverColumnId = pickedCover ?? choices.cover[0]?.id ?? "";
  const dateColumnId = pickedDate ?? choices.date[0]?.id ?? "";
  const endColumnId = pickedEnd !== dateColumnId ? pickedEnd : "";
  const titleError = validateViewTitle(title, taken);
  const missing = !copyOf && ((choices.needsGroup && !groupColumnId) || (choices.needsDate && !dateColumnId));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (titleError || missing) return;
    onSubmit({
      title,
      groupColumnId: !copyOf && choices.needsGroup ? groupColumnId : undefined,
      coverColumnId: !copyOf && choices.offersCover && coverColumnId ? coverColumnId : undefined,
      dateColumnId: !copyOf && choices.needsDate ? dateColumnId : undefined,
      endColumnId: !copyOf && choices.needsDate && endColumnId ? endColumnId : undefined,
      settings: !copyOf && schema ? settings : undefined,
    });
  };
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
        {!copyOf && choices.needsGroup && (
          <FormGroup
            label={intl.formatMessage({ id: "views.kanban.groupField" })}
            labelFor="view-group"
            helperText={choices.group.length === 0 ? intl.formatMessage({ id: "views.kanban.needsSelect" }) : undefined}
            intent={choices.group.length === 0 ? "danger" : "none"}
          >
            <HTMLSelect id="view-group" fill value={groupColumnId} onChange={(e) => setGroup(e.currentTarget.value)} data-testid="view-group-field">
              {choices.group.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
        )}
        {!copyOf && choices.needsDate && (
          <FormGroup
            label={intl.formatMessage({ id: "views.calendar.dateField" })}
            labelFor="view-date"
            helperText={choices.date.length === 0 ? intl.formatMessage({ id: "views.calendar.needsDate" }) : undefined}
            intent={choices.date.length === 0 ? "danger" : "none"}
          >
            <HTMLSelect id="view-date" fill value={dateColumnId} onChange={(e) => setDate(e.currentTarget.value)} data-testid="view-date-field">
              {choices.date.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
        )}
        {!copyOf && choices.needsDate && choices.date.length > 1 && (
          <FormGroup label={intl.formatMessage({ id: "views.calendar.endField" })} labelFor="view-end">
            <HTMLSelect id="view-end" fill value={endColumnId} onChange={(e) => setEnd(e.currentTarget.value)} data-testid="view-end-field">
              <option value="">{intl.formatMessage({ id: "views.calendar.endNone" })}</option>
              {choices.date.filter((c) => c.id !== dateColumnId).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
        )}
        {!copyOf && choices.offersCover && (
          <FormGroup label={intl.formatMessage({ id: "views.coverField" })} labelFor="view-cover">
            <HTMLSelect id="view-cover" fill value={coverColumnId} onChange={(e) => setCover(e.currentTarget.value)} data-testid="view-cover-field">
              <option value="">{intl.formatMessage({ id: "views.coverNone" })}</option>
              {choices.cover.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
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
