// A table's metadata read before its link is followed (pointed at or focused), through the
// app's prefetch queue (at most five at once).
import { useCallback } from "react";
import { useAppDispatch } from "../../app/hooks";
import { PrefetchQueue } from "../../app/prefetch";
import { tablesApi } from "./api";

const queue = new PrefetchQueue();

export function useTablePrefetch(): (tableId: string) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (tableId: string) =>
      queue.add(`table:${tableId}`, async () => {
        const request = dispatch(tablesApi.endpoints.table.initiate(tableId, { subscribe: false }));
        await request;
      }),
    [dispatch],
  );
}
