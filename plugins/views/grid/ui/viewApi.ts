// A grid view's saved state, through the endpoints the grid adds to the host's API at setup:
// sorts, filters, which fields show in what order and how wide, the filter operators of each
// field, and the linked records of a page of the grid. A change reads the view's records again.
import type { Api, BaseQueryFn, coreModuleName, reactHooksModuleName } from "@reduxjs/toolkit/query/react";
import type { PluginHost, RecordRow } from "@workbench/plugin-api";

interface Paged<T> {
  list: T[];
  pageInfo?: { totalRows?: number; isLastPage?: boolean };
}

/** The linked records of one page of the grid: one v1 read of the same page (same view,
 * search, offset and limit) asking only for the primary key and the counted link fields. */
export interface LinkedPageArgs {
  projectId: string;
  tableId: string;
  viewId?: string;
  where?: string;
  offset: number;
  limit: number;
  /** The primary key's title and the link fields' titles. */
  fields: string[];
  /** Sorts before the view's own (the grouped fields). */
  sort?: string;
}

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
  /** Grouped by this field, at which level (1 is the outermost), in which order. */
  group_by?: boolean;
  group_by_order?: number | null;
  group_by_sort?: "asc" | "desc" | null;
  /** The footer's aggregation of this field. */
  aggregation?: string | null;
}

/** The view's fields as a shared view's metadata gives them: each of the table's fields
 * carries whether the view shows it, where, and the view type's settings of it. */
export function sharedViewColumns(columns: readonly (object & { id: string })[]): ViewColumn[] {
  return columns.map((column) => {
    const c = column as Record<string, unknown>;
    return {
      id: String(c.fk_view_column_id ?? c.id),
      fk_column_id: column.id,
      show: c.show !== false,
      order: typeof c.view_column_order === "number" ? c.view_column_order : null,
      width: null,
      group_by: c.group_by === true,
      group_by_order: typeof c.group_by_order === "number" ? c.group_by_order : null,
      group_by_sort: c.group_by_sort === "desc" ? "desc" : c.group_by_sort === "asc" ? "asc" : null,
      aggregation: typeof c.aggregation === "string" ? c.aggregation : null,
    };
  });
}

/** A field's settings in the view, as NocoDB's grid columns name them. */
export type ViewColumnSettings = Partial<Pick<ViewColumn, "show" | "order" | "group_by" | "group_by_order" | "group_by_sort" | "aggregation">>;

/** A shared view's link (read through the public API), with the visitor's own filters. */
export interface SharedLink {
  uuid: string;
  password?: string;
  filterArrJson?: string;
}

const publicPath = (link: SharedLink, part: string) => ({
  url: `/api/v1/db/public/shared-view/${encodeURIComponent(link.uuid)}/${part}`,
  headers: link.password ? { "xc-password": link.password } : undefined,
});

/** The distinct values of the grouped fields (by title) and their record counts. */
export interface GroupsArgs {
  projectId: string;
  tableId: string;
  viewId: string;
  /** Read through a shared view's link instead. */
  shared?: SharedLink;
  /** The grouped fields' ids, outermost first, and the same with `-` for descending. */
  columnIds: string[];
  sort: string;
  where?: string;
  limit: number;
}

export type GroupRow = Record<string, unknown> & { count: number };

/** The footer's figures: per field title, per aggregation. */
export interface AggregateArgs {
  tableId: string;
  viewId: string;
  /** Read through a shared view's link instead. */
  shared?: SharedLink;
  where?: string;
  wanted: { field: string; type: string }[];
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

/** Whose filters: a view's (the default) or a webhook's condition (the same tree, under the
 * hook's paths). `viewId` of the filter endpoints is then the hook's id. */
export type FilterOwner = "view" | "hook";

const enc = encodeURIComponent;
const filtersPath = (kind: FilterOwner | undefined, id: string) =>
  kind === "hook" ? `/api/v1/db/meta/hooks/${enc(id)}/filters` : `/api/v1/db/meta/views/${enc(id)}/filters`;
const filterPath = (kind: FilterOwner | undefined, ownerId: string, filterId: string) =>
  kind === "hook" ? `${filtersPath(kind, ownerId)}/${enc(filterId)}` : `/api/v1/db/meta/filters/${enc(filterId)}`;

type HostApi = Api<BaseQueryFn, {}, "api", "Records" | "Table", typeof coreModuleName | typeof reactHooksModuleName>;

function inject(api: HostApi) {
  return api.enhanceEndpoints({ addTagTypes: ["View"] }).injectEndpoints({
    endpoints: (build) => ({
      viewSorts: build.query<Paged<ViewSort>, string>({
        query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/sorts`,
        providesTags: (_r, _e, viewId) => [viewTag(viewId)],
      }),
      viewFilters: build.query<Paged<ViewFilter>, string>({
        query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/filters`,
        providesTags: (_r, _e, viewId) => [viewTag(viewId)],
      }),
      hookFilters: build.query<Paged<ViewFilter>, string>({
        query: (hookId) => filtersPath("hook", hookId),
        providesTags: (_r, _e, hookId) => [viewTag(hookId)],
      }),
      viewColumns: build.query<Paged<ViewColumn>, string>({
        query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns`,
        providesTags: (_r, _e, viewId) => [viewTag(viewId)],
      }),
      filterOperators: build.query<Paged<FieldOperators>, string>({
        query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/filter-operators`,
        providesTags: (_r, _e, tableId) => [{ type: "Table" as const, id: tableId }],
      }),
      updateFilter: build.mutation<ViewFilter, { viewId: string; tableId: string; filterId: string; changes: FilterChanges; kind?: FilterOwner }>({
        query: ({ viewId, filterId, changes, kind }) => ({
          url: filterPath(kind, viewId, filterId),
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
          kind?: FilterOwner;
        }
      >({
        query: ({ viewId, columnId, op, subOp, value, logicalOp, parentId, isGroup, kind }) => ({
          url: filtersPath(kind, viewId),
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
      removeFilter: build.mutation<unknown, { viewId: string; tableId: string; filterId: string; kind?: FilterOwner }>({
        query: ({ viewId, filterId, kind }) => ({ url: filterPath(kind, viewId, filterId), method: "DELETE" }),
        invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
      }),
      gridLinkedPage: build.query<Paged<RecordRow>, LinkedPageArgs>({
        query: ({ projectId, tableId, viewId, where, sort, offset, limit, fields }) => ({
          url:
            `/api/v1/db/data/noco/${encodeURIComponent(projectId)}/${encodeURIComponent(tableId)}` +
            (viewId ? `/views/${encodeURIComponent(viewId)}` : ""),
          // An empty cursor: `offset` is a seek, like the grid's own pages (the same rows).
          params: { where, sort, offset, limit, fields: fields.join(","), cursor: "" },
        }),
        keepUnusedDataFor: 30,
        providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
      }),
      updateViewColumn: build.mutation<ViewColumn, { viewId: string; tableId: string; columnId: string } & ViewColumnSettings>({
        query: ({ viewId, tableId: _tableId, columnId, ...settings }) => ({
          url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns/${encodeURIComponent(columnId)}`,
          method: "PATCH",
          body: settings,
        }),
        invalidatesTags: (_r, _e, { viewId, tableId }) => [viewTag(viewId), { type: "Records", id: tableId }],
      }),
      gridGroups: build.query<Paged<GroupRow>, GroupsArgs>({
        query: ({ projectId, tableId, viewId, columnIds, sort, where, limit, shared }) =>
          shared
            ? { ...publicPath(shared, "groupby"), params: { column_name: columnIds.join(","), sort, where, limit, filterArrJson: shared.filterArrJson } }
            : {
                url:
                  `/api/v1/db/data/noco/${encodeURIComponent(projectId)}/${encodeURIComponent(tableId)}` +
                  `/views/${encodeURIComponent(viewId)}/groupby`,
                params: { column_name: columnIds.join(","), sort, where, limit },
              },
        providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
      }),
      gridAggregates: build.query<Record<string, Record<string, unknown>>, AggregateArgs>({
        query: ({ tableId, viewId, where, wanted, shared }) =>
          shared
            ? { ...publicPath(shared, "aggregate"), params: { where, aggregation: JSON.stringify(wanted), filterArrJson: shared.filterArrJson } }
            : {
                url: `/api/v2/tables/${encodeURIComponent(tableId)}/aggregate`,
                params: { viewId, where, aggregation: JSON.stringify(wanted) },
              },
        providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
      }),
    }),
  });
}

/** The server's words for a refusal. */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : String(error);
}

let api: ReturnType<typeof inject> | null = null;

export function setupViewApi(host: PluginHost): void {
  if (host.api) api = inject(host.api as HostApi);
}

/** The grid's endpoints (added at setup, before anything renders). */
export function viewApi(): ReturnType<typeof inject> {
  if (!api) throw new Error("the grid's endpoints were not added to the host's API");
  return api;
}
