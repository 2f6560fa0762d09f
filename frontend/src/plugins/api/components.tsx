// The host's components lent to plugins' views: a value as its field type shows it, a cell's
// editor, a record as a card, the end of a list that loads more,
// and a form's field as the public form shows it.
import type { ReactNode } from "react";
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
import type { CardFields, CardFieldsMenuProps, FormFillProps, CellProps, FieldEditorProps, FieldInfo, FormColumn, FormField, RecordCardProps, RecordFeed, RecordRow } from "../hostApi";

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
