// Records of a view page after page, for the bodies that grow as they scroll (gallery,
// kanban stacks, the calendar's range and its records without a date): one RTK infinite
// query per `where`, refetched whole when the table's records change.
import { useCallback } from "react";
import { recordsApi, sharedRows, PAGE_SIZE, type QueryArgs, type RecordRow } from "../grid/api";
import type { Paged } from "../projects/api";

/** The offset of the page after `last`, or undefined when `last` was the last page. */
export function nextOffset(last: Paged<RecordRow>, loaded: number): number | undefined {
  const total = last.pageInfo?.totalRows;
  if (last.list.length === 0) return undefined;
  if (last.pageInfo?.isLastPage) return undefined;
  if (typeof total === "number" && loaded >= total) return undefined;
  if (typeof total !== "number" && last.list.length < PAGE_SIZE) return undefined;
  return loaded;
}

export const feedApi = recordsApi.injectEndpoints({
  endpoints: (build) => ({
    recordFeed: build.infiniteQuery<Paged<RecordRow>, QueryArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, pages) => nextOffset(last, pages.reduce((sum, page) => sum + page.list.length, 0)),
      },
      query: ({ queryArg: { tableId, viewId, where, shared }, pageParam: offset }) =>
        shared
          ? sharedRows(shared, { where, offset, limit: PAGE_SIZE })
          : {
              url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
              params: { viewId, where, offset, limit: PAGE_SIZE },
            },
      keepUnusedDataFor: 30,
      providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
  }),
});

export interface RecordFeed {
  rows: RecordRow[];
  /** The number of records matching (all pages). */
  total: number;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  hasMore: boolean;
  isFetchingMore: boolean;
  loadMore(): void;
}

/** The records of `args` loaded so far, with the means to load the next page. */
export function useRecordFeed(args: QueryArgs, options: { skip?: boolean } = {}): RecordFeed {
  const query = feedApi.useRecordFeedInfiniteQuery(args, { skip: options.skip });
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.list);
  const last = pages.at(-1);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  return {
    rows,
    total: last?.pageInfo?.totalRows ?? rows.length,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    hasMore: !!hasNextPage,
    isFetchingMore: isFetchingNextPage,
    loadMore,
  };
}
