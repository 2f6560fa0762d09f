// Records moved by drag and drop (a card to another stack, a calendar record to another day):
// shown at once where they were dropped, saved through the records API, put back with the
// server's message when the save fails, and the view's records read again either way.
import { useCallback, useState } from "react";
import { workbenchApi } from "../../app/api";
import { useAppDispatch } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { useUpdateRecordMutation, type RecordRow } from "../grid/api";
import { notify } from "../ui/notify";

/** Moved records by the JSON of their key: the record as it is after the move. */
export type Moves = ReadonlyMap<string, RecordRow>;

export const moveKey = (pk: unknown) => JSON.stringify(pk ?? null);

/** The rows of one list (a stack, the visible days) once the moves apply: a moved record
 * shows where it now `belongs`, with its new values; `delta` corrects the list's count. */
export function withMoves(
  rows: readonly RecordRow[],
  moves: Moves,
  pkName: string,
  belongs: (row: RecordRow) => boolean,
): { rows: RecordRow[]; delta: number } {
  const present = new Set<string>();
  const out: RecordRow[] = [];
  let delta = 0;
  for (const row of rows) {
    const key = moveKey(row[pkName]);
    present.add(key);
    const moved = moves.get(key);
    if (!moved) out.push(row);
    else if (belongs(moved)) out.push(moved);
    else delta -= 1;
  }
  for (const [key, moved] of moves) {
    if (!present.has(key) && belongs(moved)) {
      out.unshift(moved);
      delta += 1;
    }
  }
  return { rows: out, delta };
}

/** The moves of a view and `move(row, values)`, which shows and saves one. */
export function useRecordMoves(tableId: string, pkName: string) {
  const dispatch = useAppDispatch();
  const [updateRecord] = useUpdateRecordMutation();
  const [moves, setMoves] = useState<Map<string, RecordRow>>(() => new Map());
  const move = useCallback(
    async (row: RecordRow, values: RecordRow) => {
      const key = moveKey(row[pkName]);
      setMoves((prev) => new Map(prev).set(key, { ...row, ...values }));
      const result = await updateRecord({ tableId, pkName, pk: row[pkName], values });
      if ("error" in result) {
        setMoves((prev) => {
          const next = new Map(prev);
          next.delete(key);
          return next;
        });
        notify((result.error as HttpError).message, "danger");
      }
      // Read the records again: the moved one where it now is, or as the server has it after
      // a refusal (another may have changed or deleted it meanwhile).
      dispatch(workbenchApi.util.invalidateTags([{ type: "Records", id: tableId }]));
      return !("error" in result);
    },
    [dispatch, pkName, tableId, updateRecord],
  );
  return { moves: moves as Moves, move };
}
