// Records for plugins' views: the host's records queries and writes behind the shapes of the
// public API, so that a view of a bundle shares the page's cache (an edit in the record form
// shows in the grid at once, a live change reads every view again).
import { useMemo } from "react";
import { workbenchApi } from "../../app/api";
import { useAppDispatch, useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import {
  recordsApi,
  useRecordCountQuery,
  useRecordsPageQuery,
} from "../../features/grid/api";
import { useRecordFeed as useHostFeed } from "../../features/views/recordFeed";
import type { HostError, Outcome, RecordFeed, RecordRow, RecordSource, RecordsQuery, RecordsReader, RecordWriter } from "../hostApi";

export function hostError(error: unknown): HostError {
  const http = error as Partial<HttpError> | undefined;
  const status = typeof http?.status === "number" ? http.status : undefined;
  return { status, message: http?.message ?? String(error) };
}

/** The public form of a request's result. */
export function outcome<T>(result: { data?: T; error?: unknown }): Outcome<T> {
  return "error" in result && result.error !== undefined ? { error: hostError(result.error) } : { data: result.data as T };
}

const pageArgs = (source: RecordSource, query: RecordsQuery) => ({
  tableId: source.tableId,
  viewId: source.viewId,
  shared: source.shared,
  where: query.where,
  sort: query.sort,
  offset: query.offset,
  limit: query.limit,
});

/** The records of `source` page after page (`where` narrows them), with the means to load more. */
export function useRecordFeed(source: RecordSource, options: { where?: string; skip?: boolean } = {}): RecordFeed {
  const feed = useHostFeed({ tableId: source.tableId, viewId: source.viewId, shared: source.shared, where: options.where }, { skip: options.skip });
  return {
    rows: feed.rows,
    total: feed.total,
    isLoading: feed.isLoading,
    error: feed.isError ? hostError(feed.error) : undefined,
    hasMore: feed.hasMore,
    isFetchingMore: feed.isFetchingMore,
    loadMore: feed.loadMore,
  };
}

/** How many records of `source` match `where` (`estimated`: the database's estimate, on a connected database's big table). */
export function useRecordCount(
  source: RecordSource,
  options: { where?: string; skip?: boolean } = {},
): { count: number; estimated: boolean; isLoading: boolean; error?: HostError } {
  const { data, isLoading, error } = useRecordCountQuery(
    { tableId: source.tableId, viewId: source.viewId, shared: source.shared, where: options.where },
    { skip: options.skip },
  );
  return { count: data?.count ?? 0, estimated: data?.estimated ?? false, isLoading, error: error ? hostError(error) : undefined };
}

/** One page of `source`'s records (undefined until a page has arrived; not read while
 * `skip`). While the page of a new query is read, the rows of the one before stay, with `stale`. */
export function useRecordsPage(
  source: RecordSource,
  query: RecordsQuery,
  options: { skip?: boolean } = {},
): { rows: RecordRow[] | undefined; isFetching: boolean; stale: boolean } {
  const { data, currentData, isFetching } = useRecordsPageQuery(pageArgs(source, query), { skip: options.skip });
  return { rows: data?.list, isFetching, stale: data !== undefined && currentData === undefined };
}

interface QueryEntry {
  status?: string;
  endpointName?: string;
  originalArgs?: unknown;
}

export function useRecordsReader(): RecordsReader {
  const store = useAppStore();
  return useMemo(
    () => ({
      cached: (source, query) => recordsApi.endpoints.recordsPage.select(pageArgs(source, query))(store.getState()).data?.list,
      read: async (source, query) => {
        const result = await store.dispatch(recordsApi.endpoints.recordsPage.initiate(pageArgs(source, query), { subscribe: false }));
        if (result.error) throw new Error(hostError(result.error).message);
        return result.data?.list ?? [];
      },
      record: async (tableId, pk) => {
        const result = await store.dispatch(recordsApi.endpoints.record.initiate({ tableId, pk }, { subscribe: false, forceRefetch: true }));
        return result.data ?? null;
      },
      settled: (tableId) => {
        const busy = () =>
          Object.values((store.getState().api.queries ?? {}) as Record<string, QueryEntry | undefined>).some(
            (q) =>
              q?.status === "pending" &&
              (q.endpointName === "recordsPage" || q.endpointName === "recordCount") &&
              (q.originalArgs as { tableId?: string } | undefined)?.tableId === tableId,
          );
        if (!busy()) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const stop = store.subscribe(() => {
            if (busy()) return;
            stop();
            resolve();
          });
        });
      },
    }),
    [store],
  );
}

/** A write's outcome, its request then forgotten by the store. Dispatched rather than through
 * a mutation hook, which would draw the view holding the writer (the whole grid) again as
 * each write starts and ends. */
async function written<T>(request: PromiseLike<{ data?: T; error?: unknown }> & { reset(): void }): Promise<Outcome<T>> {
  try {
    return outcome(await request);
  } finally {
    request.reset();
  }
}

/** Writes to the records of a table (`projectId` for the reads with links). */
export function useRecordWriter(table: { id: string; projectId?: string; pkName: string }): RecordWriter {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const { id: tableId, projectId = "", pkName } = table;
  return useMemo(
    () => ({
      create: (values) => written(dispatch(recordsApi.endpoints.createRecord.initiate({ tableId, values }))),
      update: (pk, values) => written(dispatch(recordsApi.endpoints.updateRecord.initiate({ tableId, pkName, pk, values }))),
      updateMany: (rows) => written(dispatch(recordsApi.endpoints.updateRecords.initiate({ tableId, rows }))),
      createMany: (rows) => written(dispatch(recordsApi.endpoints.createRecords.initiate({ tableId, rows }))),
      deleteMany: (keys) => written(dispatch(recordsApi.endpoints.deleteRecords.initiate({ tableId, keys }))),
      readWithLinks: async (where, limit) => {
        const args = { projectId, tableId, where, limit };
        const result = await store.dispatch(recordsApi.endpoints.fullRecords.initiate(args, { subscribe: false, forceRefetch: true }));
        return result.error ? { error: hostError(result.error) } : { data: result.data?.list ?? [] };
      },
      readOneWithLinks: async (pk) => {
        const args = { projectId, tableId, pk };
        return outcome(await store.dispatch(recordsApi.endpoints.fullRecord.initiate(args, { subscribe: false, forceRefetch: true })));
      },
      link: (columnId, pk, keys) => written(dispatch(recordsApi.endpoints.addLinks.initiate({ tableId, columnId, pk, keys }))),
      refresh: () => dispatch(workbenchApi.util.invalidateTags([{ type: "Records", id: tableId }])),
    }),
    [store, dispatch, tableId, projectId, pkName],
  );
}
