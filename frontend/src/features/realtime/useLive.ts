// Hooks for components that show live data: hold a table's reloads while something would
// be disturbed by one, and hear when records of a table changed.
import { useEffect, useRef } from "react";
import { liveBus, type RecordsChange } from "./liveBus";

/** While `active`, reloads of `tableId` wait (they run once it is released). */
export function useLiveHold(tableId: string, active: boolean): void {
  useEffect(() => (active ? liveBus.hold(tableId) : undefined), [tableId, active]);
}

/** Call `listener` whenever records of `tableId` changed (after the page's data reloaded). */
export function useLiveRecords(tableId: string, listener: (change: RecordsChange) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () =>
      liveBus.onRecords((change) => {
        if (change.tableId === tableId) latest.current(change);
      }),
    [tableId],
  );
}
