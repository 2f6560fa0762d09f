// Which fields the cards of a view show and in which order: the view's own list of fields
// (NocoDB's view columns: shown or not, an order), the display value always first as the
// card's title, and what a card leaves out of it (its cover, a kanban's stacking field).
import type { Column } from "../tables/api";

/** A view's entry for one field (NocoDB's view column). */
export interface ViewField {
  id: string;
  fk_column_id: string;
  show: boolean;
  order: number | null;
}

/** A field a card may show, in the view's order, and whether it does. */
export interface CardField<C> {
  column: C;
  show: boolean;
  order: number;
}

/** The fields a card may show (no system fields, no primary key, not the display value, which
 * is the title, nor the fields in `exclude`), in the view's order (the table's for fields the
 * view does not list), each with whether it is shown. */
export function arrangeCardFields<C extends Pick<Column, "id" | "pk" | "pv" | "system">>(
  columns: readonly C[],
  viewFields: readonly ViewField[] | undefined,
  exclude: readonly (string | null | undefined)[] = [],
): CardField<C>[] {
  const byColumn = new Map((viewFields ?? []).map((vf) => [vf.fk_column_id, vf]));
  const left = new Set(exclude.filter(Boolean));
  return columns
    .map((column, index) => {
      const vf = byColumn.get(column.id);
      return { column, show: vf ? vf.show !== false : true, order: vf?.order ?? 1e9 + index, index };
    })
    .filter(({ column }) => !column.system && !column.pk && !column.pv && !left.has(column.id))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ column, show, order }) => ({ column, show, order }));
}

/** The orders to write when the field at `from` moves to place `to`: the list numbered from 1
 * again, each field whose order changes (none when it does not move). */
export function ordersForMove<C extends { id: string }>(fields: readonly CardField<C>[], from: number, to: number): { columnId: string; order: number }[] {
  if (to === from || to < 0 || to >= fields.length || from < 0 || from >= fields.length) return [];
  const moved = [...fields];
  const [field] = moved.splice(from, 1);
  moved.splice(to, 0, field);
  return moved.flatMap((f, i) => (f.order === i + 1 ? [] : [{ columnId: f.column.id, order: i + 1 }]));
}

/** Whether a value shows as nothing on a card (no text, an empty list or object). */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "" || value === "[]" || value === "{}";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value as object).length === 0;
  return false;
}
