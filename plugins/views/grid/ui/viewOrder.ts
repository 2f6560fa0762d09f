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
