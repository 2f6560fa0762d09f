// The host's components lent to plugins' views: a value as its field type shows it, a cell's
// editor, a record as a card, a card view's toolbar, the end of a list that loads more,
// and a form's field as the public form shows it.
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { CommentBadge as HostCommentBadge, usePageCommentCounts } from "../../features/comments/CommentBadge";
import { CellEditor, type Editing } from "../../features/grid/CellEditor";
import { FieldValue } from "../../features/grid/FieldValue";
import { FormFieldInput as HostFormFieldInput } from "../../features/shared/FormFieldInput";
import { fillable, formFields as hostFormFields, isRequired } from "../../features/shared/formRules";
import type { Column } from "../../features/tables/api";
import { CardFieldsMenu as HostCardFieldsMenu } from "../../features/views/CardFieldsMenu";
import { MemberForm, type MemberFormSettings } from "../../features/views/MemberForm";
import { cardFields as hostCardFields, RecordCard as HostRecordCard } from "../../features/views/Cards";
import { useCardFields as useHostCardFields } from "../../features/views/viewFieldsApi";
import { LoadMore as HostLoadMore } from "../../features/views/LoadMore";
import { capability } from "../catalogue";
import type { CardFields, CardFieldsMenuProps, CardToolbarProps, CoverFieldProps, FormFillProps, CellProps, FieldEditorProps, FieldInfo, FormColumn, FormField, RecordCardProps, RecordFeed, RecordRow } from "../hostApi";

/** A value as its field type shows it (the type's cell, else plain text; a field of a type no
 * enabled plugin provides says so). */
export function FieldCell(props: CellProps) {
  return <FieldValue {...props} column={props.column as Column} />;
}

/** The grid's editor of a cell: the field type's editor, else a text input. */
export function FieldEditor(props: FieldEditorProps) {
  return <CellEditor {...props} column={props.column as Column} editing={props.editing as Editing} />;
}

/** A record as a card: cover image, title (the display value), the other fields it carries. */
export function RecordCard(props: RecordCardProps) {
  return <HostRecordCard {...props} fields={props.fields as Column[]} cover={props.cover as Column | null | undefined} />;
}

/** The fields a card shows: the display value first, then the others (no system fields, no
 * cover). */
export function cardFields(columns: readonly FieldInfo[], coverId?: string | null): FieldInfo[] {
  return hostCardFields(columns as readonly Column[], coverId);
}

/** The fields of a view's cards as the view lists them, and the means to change them. */
export function useCardFields(view: { id?: string; tableId: string }, columns: readonly FieldInfo[], exclude?: readonly (string | null | undefined)[]): CardFields {
  return useHostCardFields(view, columns as readonly Column[], exclude) as unknown as CardFields;
}

/** The Fields menu of a card view's toolbar. */
export function CardFieldsMenu(props: CardFieldsMenuProps) {
  return <HostCardFieldsMenu {...props} state={props.state as never} />;
}

/** The settings key of the field whose first image covers each card. */
const COVER = "fk_cover_image_col_id";

/** A card view's toolbar: the Fields menu (which fields the cards show, in which order, and
 * whether empty ones are left out) and the field whose first image covers each card (a field
 * that holds files; a hidden one is shown again, as the cover must come with the records). */
export function CardToolbar({ view, table, settings, can, saveSettings, saveMeta, exclude = [] }: CardToolbarProps) {
  const coverId = (settings[COVER] as string | null | undefined) ?? null;
  const cards = useCardFields({ id: view.id, tableId: table.id }, table.columns, [coverId, ...exclude]);
  const meta = view.meta ?? {};
  const chooseCover = async (id: string) => {
    if ((await saveSettings?.({ [COVER]: id || null })) && id) await cards.setShown(id, true);
  };
  return (
    <div className="wb-card-toolbar" data-testid="card-toolbar">
      <CardFieldsMenu
        state={cards}
        readOnly={!can.configureView}
        hideEmpty={!!meta.hideEmpty}
        onHideEmptyChange={saveMeta ? (hide) => void saveMeta({ ...meta, hideEmpty: hide }) : undefined}
      />
      <CoverField id="card-cover" inline value={coverId ?? ""} columns={table.columns} disabled={!saveSettings} onChange={(id) => void chooseCover(id)} testId="card-cover-field" />
    </div>
  );
}

/** The fields that can cover a card view's cards (they hold files). */
export function coverFields<C extends FieldInfo>(columns: readonly C[]): C[] {
  return columns.filter((c) => capability(c.uidt, "holdsFiles"));
}

/** The cover field `settings` name: by default the first field that holds files; "" when the
 * settings want none (an empty id) or none exists. */
export function chosenCover(settings: Record<string, unknown>, columns: readonly FieldInfo[]): string {
  if (settings[COVER] === "") return "";
  const covers = coverFields(columns);
  return covers.find((c) => c.id === settings[COVER])?.id ?? covers[0]?.id ?? "";
}

/** The choice of a card view's cover field, labelled: the fields that hold files, or none. */
export function CoverField({ id, value, columns, onChange, disabled, inline, testId }: CoverFieldProps) {
  const intl = useIntl();
  return (
    <FormGroup inline={inline} label={intl.formatMessage({ id: "cards.cover.field" })} labelFor={id} className={inline ? "wb-card-cover-choice" : undefined}>
      <HTMLSelect id={id} minimal={inline} fill={!inline} value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        <option value="">{intl.formatMessage({ id: "cards.cover.none" })}</option>
        {coverFields(columns).map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** A form view as its members fill it in and submit it (no share needed). */
export function FormFill(props: FormFillProps) {
  return <MemberForm {...props} form={props.form as MemberFormSettings} />;
}

/** The end of a list that grows as it scrolls: the next page loads once it comes into sight. */
export function LoadMore({ feed }: { feed: Pick<RecordFeed, "hasMore" | "isFetchingMore" | "loadMore" | "rows"> }): ReactNode {
  return <HostLoadMore feed={feed} />;
}

/** One field of a form as the public form shows it (without a shared link: a preview). */
export function FormFieldInput({ field, value, onChange }: { field: FormField; value: unknown; onChange(value: unknown): void }) {
  return <HostFormFieldInput field={field as Parameters<typeof HostFormFieldInput>[0]["field"]} value={value} onChange={onChange} />;
}

/** The fields a form shows, in its order, with what its settings say of each (hidden ones
 * left out): the same rule as the public form's. */
export function formFields(columns: readonly FieldInfo[], formColumns: readonly FormColumn[] = []): FormField[] {
  return hostFormFields(columns as Parameters<typeof hostFormFields>[0], formColumns) as FormField[];
}

/** Whether a form can fill a field in (the public form's rule: no system, computed or engine
 * fields; links are picked). */
export function isFillable(column: FieldInfo): boolean {
  return fillable(column);
}

/** Whether the public form asks for a field (marked required, or required by the table);
 * `all` are the table's fields. */
export function isRequiredInForm(field: FormField, all: readonly FieldInfo[]): boolean {
  return isRequired(field as Parameters<typeof isRequired>[0], all as Parameters<typeof isRequired>[1]);
}

/** The comment counts of a page of records, by record key (one request per page). */
export function useCommentCounts(tableId: string, rows: readonly RecordRow[] | undefined, pkName: string, skip = false): Record<string, number> {
  return usePageCommentCounts(tableId, rows as RecordRow[] | undefined, pkName, skip);
}

/** A record's comment count as a badge (nothing when there are none). */
export function CommentBadge({ count }: { count: number | undefined }) {
  return <HostCommentBadge count={count} />;
}
