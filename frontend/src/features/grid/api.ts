// Records of a table through the v2 data API, page by page.
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";
import { tablesApi } from "../tables/api";
import { readBackNeeded } from "./readBack";

export type RecordRow = Record<string, unknown>;
export const PAGE_SIZE = 100;

export interface QueryArgs {
  tableId: string;
  /** The grid view whose sorts, filters and fields apply. */
  viewId?: string;
  /** An extra where clause (the search). */
  where?: string;
  /** Read a public shared view instead (no sign-in): its uuid, password and temporary sorts. */
  shared?: SharedSource;
}

export interface SharedSource {
  uuid: string;
  password?: string;
  sortArrJson?: string;
  /** Temporary filters (never saved), as NocoDB's GUI sends them. */
  filterArrJson?: string;
}

export const sharedRows = (shared: SharedSource, params: Record<string, string | number | undefined>) => ({
  url: `/api/v1/db/public/shared-view/${encodeURIComponent(shared.uuid)}/rows`,
  params: { ...params, sortArrJson: shared.sortArrJson, filterArrJson: shared.filterArrJson },
  headers: shared.password ? { "xc-password": shared.password } : undefined,
});

export interface PageArgs extends QueryArgs {
  /** Sorts before the view's own (NocoDB's `sort`). */
  sort?: string;
  offset: number;
  limit: number;
}

export const recordsApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    recordCount: build.query<{ count: number; estimated: boolean }, QueryArgs>({
      query: ({ tableId, viewId, where, shared }) =>
        shared
          ? sharedRows(shared, { where, limit: 1, offset: 0 })
          : { url: `/api/v2/tables/${encodeURIComponent(tableId)}/records/count`, params: { viewId, where } },
      // A connected database's big table is counted by the database's estimate (`estimated`).
      transformResponse: (response: { count?: number; estimated?: boolean; pageInfo?: { totalRows?: number; totalRowsEstimated?: boolean } }) => ({
        count: response.count ?? response.pageInfo?.totalRows ?? 0,
        estimated: Boolean(response.estimated ?? response.pageInfo?.totalRowsEstimated),
      }),
      providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    recordsPage: build.query<Paged<RecordRow>, PageArgs>({
      query: ({ tableId, viewId, where, sort, offset, limit, shared }) =>
        shared
          ? sharedRows(shared, { where, sort, offset, limit })
          : // An empty cursor makes `offset` a seek: the server finds the position through the
            // sort's index instead of stepping over every row before it (no totalRows; the count
            // is read on its own).
            { url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`, params: { viewId, where, sort, offset, limit, cursor: "" } },
      keepUnusedDataFor: 30,
      providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    record: build.query<RecordRow, { tableId: string; pk: unknown }>({
      query: ({ tableId, pk }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records/${encodeURIComponent(String(pk))}`,
      }),
    }),
    createRecord: build.mutation<RecordRow, { tableId: string; values: RecordRow }>({
      query: ({ tableId, values }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
        method: "POST",
        body: values,
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    updateRecord: build.mutation<RecordRow, { tableId: string; pkName: string; pk: unknown; values: RecordRow }>({
      query: ({ tableId, pkName, pk, values }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
        method: "PATCH",
        body: { ...values, [pkName]: pk },
      }),
      // Patch the cached pages that hold the record in place (no refetch, so the grid does not
      // jump; one update a page, never one for each cached page); undo on error. Then read the
      // record back when the server may have stored something else than was sent or computed
      // fields shown with it (formulas, ...) changed with the edit (`readBackNeeded`). A page
      // whose record already holds every value read back is left as it is (not drawn again:
      // the answer lands while the user types the next cell).
      async onQueryStarted({ tableId, pkName, pk, values }, { dispatch, getState, queryFulfilled }) {
        const cachedPages = () =>
          recordsApi.util
            .selectInvalidatedBy(getState(), [{ type: "Records", id: tableId }])
            .filter((entry) => entry.endpointName === "recordsPage")
            .map((entry) => entry.originalArgs as PageArgs);
        const cachedRow = (args: PageArgs) =>
          recordsApi.endpoints.recordsPage.select(args)(getState()).data?.list.find((r) => r[pkName] === pk);
        const differs = (args: PageArgs, next: RecordRow) => {
          const row = cachedRow(args);
          return !!row && Object.keys(next).some((field) => !sameValue(row[field], next[field]));
        };
        const shown = cachedPages().flatMap((args): RecordRow[] => {
          const row = cachedRow(args);
          return row ? [row] : [];
        });
        const columns = tablesApi.endpoints.table.select(tableId)(getState()).data?.columns;
        const readBack = readBackNeeded(columns, shown, values);
        const patchRow = (next: RecordRow) =>
          cachedPages()
            .filter((args) => differs(args, next))
            .map((args) =>
              dispatch(
                recordsApi.util.updateQueryData("recordsPage", args, (draft) => {
                  for (const row of draft.list) if (row[pkName] === pk) Object.assign(row, next);
                }),
              ),
            );
        const patches = patchRow(values);
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
          return;
        }
        if (!readBack) return;
        try {
          const fresh = await dispatch(
            recordsApi.endpoints.record.initiate({ tableId, pk }, { subscribe: false, forceRefetch: true }),
          ).unwrap();
          patchRow(fresh);
        } catch {
          // The edit is saved; the row keeps the values typed until the next page load.
        }
      },
    }),
    // Bulk writes (a paste, a cleared range, their undo): one request each, all or nothing.
    updateRecords: build.mutation<RecordRow[], { tableId: string; rows: RecordRow[] }>({
      query: ({ tableId, rows }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
        method: "PATCH",
        body: rows,
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    createRecords: build.mutation<RecordRow[], { tableId: string; rows: RecordRow[] }>({
      query: ({ tableId, rows }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
        method: "POST",
        body: rows,
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    deleteRecords: build.mutation<RecordRow[], { tableId: string; keys: RecordRow[] }>({
      query: ({ tableId, keys }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
        method: "DELETE",
        body: keys,
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    /** Records with their link fields nested in full (v1 read), as undo of a delete needs them. */
    fullRecords: build.query<Paged<RecordRow>, { projectId: string; tableId: string; where: string; limit: number }>({
      query: ({ projectId, tableId, where, limit }) => ({
        url: `/api/v1/db/data/noco/${encodeURIComponent(projectId)}/${encodeURIComponent(tableId)}`,
        params: { where, limit },
      }),
      keepUnusedDataFor: 0,
    }),
    fullRecord: build.query<RecordRow, { projectId: string; tableId: string; pk: unknown }>({
      query: ({ projectId, tableId, pk }) => ({
        url: `/api/v1/db/data/noco/${encodeURIComponent(projectId)}/${encodeURIComponent(tableId)}/${encodeURIComponent(String(pk))}`,
      }),
      keepUnusedDataFor: 0,
    }),
    /** Link a record to others through one of its link fields. */
    addLinks: build.mutation<unknown, { tableId: string; columnId: string; pk: unknown; keys: RecordRow[] }>({
      query: ({ tableId, columnId, pk, keys }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/links/${encodeURIComponent(columnId)}/records/${encodeURIComponent(String(pk))}`,
        method: "POST",
        body: keys,
      }),
      // The other tables' records change too (their links and counts).
      invalidatesTags: ["Records"],
    }),
    deleteRecord: build.mutation<RecordRow, { tableId: string; pkName: string; pk: unknown }>({
      query: ({ tableId, pkName, pk }) => ({
        url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
        method: "DELETE",
        body: { [pkName]: pk },
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
  }),
});

export const {
  useRecordCountQuery,
  useRecordsPageQuery,
  useCreateRecordMutation,
  useUpdateRecordMutation,
  useDeleteRecordMutation,
  useUpdateRecordsMutation,
  useCreateRecordsMutation,
  useDeleteRecordsMutation,
  useAddLinksMutation,
} = recordsApi;

/** Whether two values of a record's field are the same (lists and objects by their JSON). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
