// A key for a dialog's form that is new at each opening. Blueprint keeps a closing dialog's
// content mounted until its transition ends; a dialog reopened before then would otherwise
// get the old form back, with the state (a title typed, a field picked) of the last opening.
import { useState } from "react";

/** A number that changes whenever `opening` (what the dialog is open for; null: closed)
 * turns to a new non-null value. */
export function useOpeningKey(opening: string | null): number {
  const [seen, setSeen] = useState({ opening, count: 0 });
  if (opening !== seen.opening) {
    const next = { opening, count: seen.count + (opening === null ? 0 : 1) };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}
