// The grid's active cell stays on its record across a live reload: when records were added or
// deleted above it (someone else's change), the selection moves with the record instead of
// staying on a row number that now shows another one. A record deleted keeps the row number.
import { useRef } from "react";
import { useLiveRecords, useRecordsReader, type RecordRow } from "@workbench/plugin-api";

/** How far from its row a followed record is looked for (rows loaded around it). */
export const FOLLOW_RADIUS = 200;

/** The row now holding the record `pk` that was at `row`, the nearest one first; null when
 * it is not among the rows `recordAt` has within `radius`. */
export function followedRow(
  row: number,
  pk: unknown,
  pkName: string,
  recordAt: (row: number) => RecordRow | undefined,
  radius = FOLLOW_RADIUS,
): number | null {
  for (let d = 0; d <= radius; d += 1) {
    for (const candidate of d === 0 ? [row] : [row - d, row + d]) {
      if (candidate >= 0 && recordAt(candidate)?.[pkName] === pk) return candidate;
    }
  }
  return null;
}

/** After each live reload of `tableId`, call `onMoved(delta)` when the active cell's record
 * now sits `delta` rows away from where it was. */
export function useFollowRecord(options: {
  tableId: string;
  active: { row: number } | null;
  pkName: string;
  recordAt(row: number): RecordRow | undefined;
  onMoved(delta: number): void;
}): void {
  const { tableId, active, pkName, recordAt, onMoved } = options;
  const reader = useRecordsReader();
  const latest = useRef({ active, recordAt, onMoved, pkName });
  latest.current = { active, recordAt, onMoved, pkName };
  // Heard before the reload's answers arrive: the cache still holds the rows as they were.
  useLiveRecords(tableId, () => {
    const { active: cell, recordAt: at, pkName: name } = latest.current;
    const pk = cell ? at(cell.row)?.[name] : undefined;
    if (!cell || pk === undefined) return;
    const row = cell.row;
    void reader.settled(tableId).then(() => {
      const now = latest.current;
      if (now.active?.row !== row) return; // the user moved meanwhile
      const found = followedRow(row, pk, now.pkName, now.recordAt);
      if (found !== null && found !== row) now.onMoved(found - row);
    });
  });
}
