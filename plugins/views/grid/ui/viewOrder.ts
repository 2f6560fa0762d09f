// A grid view's saved state as the grid shows it: the fields in the view's order (shown and
// hidden), the order that moves a field one place, and the filters as a tree of groups.
import type { ViewColumn, ViewFilter } from "./viewApi";

/** The table's fields in the view's order, split into shown and hidden. */
export function arrangeColumns<C extends { id: string }>(columns: readonly C[], viewColumns: readonly ViewColumn[] | undefined) {
  if (!viewColumns || viewColumns.length === 0) return { shown: [...columns], hidden: [] as C[] };
  const byColumn = new Map(viewColumns.map((vc) => [vc.fk_column_id, vc]));
  const position = (c: C, index: number) => byColumn.get(c.id)?.order ?? 1e9 + index;
  const ordered = columns.map((c, i) => ({ c, key: position(c, i), i })).sort((a, b) => a.key - b.key || a.i - b.i).map((x) => x.c);
  return {
    shown: ordered.filter((c) => byColumn.get(c.id)?.show !== false),
    hidden: ordered.filter((c) => byColumn.get(c.id)?.show === false),
  };
}

/** The order that moves a field one place left or right among `shown` (between neighbours). */
export function movedOrder(shownOrders: readonly number[], index: number, delta: -1 | 1): number | null {
  const target = index + delta;
  if (target < 0 || target >= shownOrders.length) return null;
  if (delta < 0) {
    const before = target - 1 >= 0 ? shownOrders[target - 1] : shownOrders[target] - 2;
    return (before + shownOrders[target]) / 2;
  }
  const after = target + 1 < shownOrders.length ? shownOrders[target + 1] : shownOrders[target] + 2;
  return (shownOrders[target] + after) / 2;
}

export interface FilterNode {
  filter: ViewFilter;
  children: FilterNode[];
}

/** The view's filters as a tree (groups hold their conditions), in their saved order. */
export function filterTree(filters: readonly ViewFilter[]): FilterNode[] {
  const byParent = new Map<string | null, ViewFilter[]>();
  for (const f of filters) {
    const key = f.fk_parent_id ?? null;
    byParent.set(key, [...(byParent.get(key) ?? []), f]);
  }
  const build = (parent: string | null): FilterNode[] =>
    (byParent.get(parent) ?? []).map((filter) => ({ filter, children: filter.is_group ? build(filter.id) : [] }));
  return build(null);
}

/** The order that puts the field at `from` among `shown` at position `to` (of the result)
 * when its header is dragged there; null when it stays. */
export function draggedOrder(shownOrders: readonly number[], from: number, to: number): number | null {
  if (from === to || from < 0 || from >= shownOrders.length) return null;
  const rest = shownOrders.filter((_, i) => i !== from);
  const at = Math.max(0, Math.min(to, rest.length));
  const before = at > 0 ? rest[at - 1] : undefined;
  const after = at < rest.length ? rest[at] : undefined;
  if (before === undefined) return after === undefined ? null : after - 1;
  if (after === undefined) return before + 1;
  return (before + after) / 2;
}

/** Where a header dropped on column `over` (before it or after it) puts column `from`. */
export function dropIndex(from: number, over: number, after: boolean): number {
  const slot = after ? over + 1 : over;
  return slot > from ? slot - 1 : slot;
}
