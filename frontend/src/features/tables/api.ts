import { firstTextType } from "../../plugins/catalogue";
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";
import type { SettingsState } from "../settings/settingsSlice";

export interface Column {
  id: string;
  title: string;
  column_name?: string;
  uidt: string;
  pk?: boolean;
  pv?: boolean;
  system?: boolean;
  meta?: Record<string, unknown> | null;
  colOptions?: { options?: SelectOption[]; [key: string]: unknown } | null;
}

export interface SelectOption {
  id?: string;
  title: string;
  color?: string;
  order?: number;
}

export interface TableMeta {
  id: string;
  title: string;
  table_name?: string;
  project_id?: string;
  /** The source (database) the table lives in. */
  source_id?: string;
  columns?: Column[];
  views?: { id: string; title: string; type: number | string }[];
}

export const tablesApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    tables: build.query<Paged<TableMeta>, string>({
      // The list carries the includeM2M flag of the local settings.
      queryFn: async (projectId, api, _extra, baseQuery) => {
        const { includeM2M } = (api.getState() as { settings: SettingsState }).settings.values;
        const result = await baseQuery({
          url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/tables`,
          params: { includeM2M },
        });
        return result.error ? { error: result.error } : { data: result.data as Paged<TableMeta> };
      },
      providesTags: (_r, _e, projectId) => [{ type: "Table", id: `project:${projectId}` }],
    }),
    table: build.query<TableMeta, string>({
      query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}`,
      providesTags: (_r, _e, tableId) => [{ type: "Table", id: tableId }],
    }),
    createTable: build.mutation<TableMeta, { projectId: string; title: string }>({
      query: ({ projectId, title }) => ({
        url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/tables`,
        method: "POST",
        // Like the NocoDB GUI: a Title text field as the display value; the server adds
        // the id and timestamp system columns.
        body: { title, columns: [{ title: "Title", column_name: "title", uidt: firstTextType(), pv: true }] },
      }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: "Table", id: `project:${projectId}` }],
    }),
    updateTable: build.mutation<TableMeta, { projectId: string; tableId: string; title: string }>({
      query: ({ tableId, title }) => ({
        url: `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}`,
        method: "PATCH",
        body: { title },
      }),
      invalidatesTags: (_r, _e, { projectId, tableId }) => [
        { type: "Table", id: `project:${projectId}` },
        { type: "Table", id: tableId },
      ],
    }),
    deleteTable: build.mutation<unknown, { projectId: string; tableId: string }>({
      query: ({ tableId }) => ({ url: `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { projectId, tableId }) => [
        { type: "Table", id: `project:${projectId}` },
        { type: "Table", id: tableId },
      ],
    }),
  }),
});

export interface ColumnBody {
  title: string;
  uidt?: string;
  colOptions?: { options: { title: string }[] };
  /** The settings of links, lookups, rollups, formulas, codes (NocoDB's names). */
  [setting: string]: unknown;
}

const columnTags = (tableId: string) => [
  { type: "Table" as const, id: tableId },
  { type: "Records" as const, id: tableId },
];

export const columnsApi = tablesApi.injectEndpoints({
  endpoints: (build) => ({
    addColumn: build.mutation<TableMeta, { tableId: string; body: ColumnBody }>({
      query: ({ tableId, body }) => ({
        url: `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/columns`,
        method: "POST",
        body,
      }),
      invalidatesTags: (_r, _e, { tableId }) => columnTags(tableId),
    }),
    updateColumn: build.mutation<TableMeta, { tableId: string; columnId: string; body: ColumnBody }>({
      query: ({ columnId, body }) => ({
        url: `/api/v1/db/meta/columns/${encodeURIComponent(columnId)}`,
        method: "PATCH",
        body,
      }),
      invalidatesTags: (_r, _e, { tableId }) => columnTags(tableId),
    }),
    deleteColumn: build.mutation<TableMeta, { tableId: string; columnId: string }>({
      query: ({ columnId }) => ({ url: `/api/v1/db/meta/columns/${encodeURIComponent(columnId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { tableId }) => columnTags(tableId),
    }),
  }),
});

export const { useTablesQuery, useTableQuery, useCreateTableMutation, useUpdateTableMutation, useDeleteTableMutation } =
  tablesApi;
export const { useAddColumnMutation, useUpdateColumnMutation, useDeleteColumnMutation } = columnsApi;
