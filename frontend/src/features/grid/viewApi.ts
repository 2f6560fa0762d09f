// A grid view's saved state: sorts, filters and which fields show in what order.
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";

export interface ViewSort {
  id: string;
  fk_column_id: string;
  direction: "asc" | "desc";
}

export interface ViewFilter {
  id: string;
  fk_parent_id?: string | null;
  fk_column_id: string | null;
  comparison_op: string | null;
  comparison_sub_op?: string | null;
  value: string | null;
  logical_op: string;
  is_group?: boolean;
}

export interface ViewColumn {
  id: string;
  fk_column_id: string;
  show: boolean;
  order: number | null;
  width?: string | null;
}

/** The filter operators a field accepts (server names), which take no value, which a list. */
export interface FieldOperators {
  fk_column_id: string;
  uidt: string;
  operators: string[];
  unary: string[];
  list: string[];
}

export interface FilterChanges {
  fk_column_id?: string;
  comparison_op?: string;
  comparison_sub_op?: string | null;
  value?: string | null;
  logical_op?: string;
}

const viewTag = (viewId: string) => ({ type: "View" as const, id: viewId });

export const viewApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["View"] }).injectEndpoints({
  endpoints: (build) => ({
    viewSorts: build.query<Paged<ViewSort>, string>({
      query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/sorts`,
      providesTags: (_r, _e, viewId) => [viewTag(viewId)],
    }),
    viewFilters: build.query<Paged<ViewFilter>, string>({
      query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/filters`,
      providesTags: (_r, _e, viewId) => [viewTag(viewId)],
    }),
    viewColumns: build.query<Paged<ViewColumn>, string>({
      query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns`,
      providesTags: (_r, _e, viewId) => [viewTag(viewId)],
    }),
    filterOperators: build.query<Paged<FieldOperators>, string>({
      query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/filter-operators`,
      providesTags: (_r, _e, tableId) => [{ type: "Table" as const, id: tableId }],
    }),
    updateFilter: build.mutation<ViewFilter, { viewId: string; tableId: string; filterId: string; changes: FilterChanges }>({
      query: ({ filterId, changes }) => ({
        url: `/api/v1/db/meta/filters/${encodeURIComponent(filterId)}`,
        method: "PATCH",
        body: changes,
      }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
    updateSort: build.mutation<ViewSort, { viewId: string; tableId: string; sortId: string; columnId?: string; direction?: "asc" | "desc" }>({
      query: ({ sortId, columnId, direction }) => ({
        url: `/api/v1/db/meta/sorts/${encodeURIComponent(sortId)}`,
        method: "PATCH",
        body: { ...(columnId === undefined ? {} : { fk_column_id: columnId }), ...(direction === undefined ? {} : { direction }) },
      }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
    resizeViewColumn: build.mutation<ViewColumn, { viewId: string; columnId: string; width: number }>({
      query: ({ viewId, columnId, width }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns/${encodeURIComponent(columnId)}`,
        method: "PATCH",
        body: { width },
      }),
      invalidatesTags: (_r, _e, { viewId }) => [viewTag(viewId)],
    }),
    addSort: build.mutation<ViewSort, { viewId: string; tableId: string; columnId: string; direction: "asc" | "desc" }>({
      query: ({ viewId, columnId, direction }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/sorts`,
        method: "POST",
        body: { fk_column_id: columnId, direction },
      }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
    addFilter: build.mutation<
      ViewFilter,
      {
        viewId: string;
        tableId: string;
        columnId?: string;
        op?: string;
        subOp?: string | null;
        value?: string;
        logicalOp?: string;
        parentId?: string | null;
        isGroup?: boolean;
      }
    >({
      query: ({ viewId, columnId, op, subOp, value, logicalOp, parentId, isGroup }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/filters`,
        method: "POST",
        body: isGroup
          ? { is_group: true, logical_op: logicalOp ?? "and", fk_parent_id: parentId ?? null }
          : {
              fk_column_id: columnId,
              comparison_op: op,
              comparison_sub_op: subOp ?? null,
              value,
              logical_op: logicalOp ?? "and",
              fk_parent_id: parentId ?? null,
            },
      }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
    removeSort: build.mutation<unknown, { viewId: string; tableId: string; sortId: string }>({
      query: ({ sortId }) => ({ url: `/api/v1/db/meta/sorts/${encodeURIComponent(sortId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
    removeFilter: build.mutation<unknown, { viewId: string; tableId: string; filterId: string }>({
      query: ({ filterId }) => ({ url: `/api/v1/db/meta/filters/${encodeURIComponent(filterId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
    updateViewColumn: build.mutation<ViewColumn, { viewId: string; tableId: string; columnId: string; show?: boolean; order?: number }>({
      query: ({ viewId, columnId, show, order }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns/${encodeURIComponent(columnId)}`,
        method: "PATCH",
        body: { ...(show === undefined ? {} : { show }), ...(order === undefined ? {} : { order }) },
      }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
    }),
  }),
});

export const {
  useViewSortsQuery,
  useViewFiltersQuery,
  useViewColumnsQuery,
  useAddSortMutation,
  useAddFilterMutation,
  useUpdateViewColumnMutation,
  useRemoveSortMutation,
  useRemoveFilterMutation,
  useFilterOperatorsQuery,
  useUpdateFilterMutation,
  useUpdateSortMutation,
  useResizeViewColumnMutation,
} = viewApi;

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
