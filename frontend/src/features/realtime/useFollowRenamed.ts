// A page addressed by an item's title (a table, a view) follows that item when it is renamed
// elsewhere, and says so when it is deleted: the item last shown is remembered by its id.
import { useEffect, useRef } from "react";

export interface Named {
  id: string;
  title: string;
}

export interface FollowRenamed<T extends Named> {
  /** The item shown before is in the list under another title: `now`. */
  renamed: (now: T, shown: Named) => void;
  /** The item shown before is no longer in the list. */
  deleted: (shown: Named) => void;
}

/**
 * `current` is the item the address names (`title`), when found in `list`; `list` is
 * undefined while it is not loaded. When the item shown before is missing while its title is
 * still the address, `follow.renamed` or `follow.deleted` is called once.
 */
export function useFollowRenamed<T extends Named>(
  current: T | null | undefined,
  list: readonly T[] | undefined,
  title: string | undefined,
  follow: FollowRenamed<T>,
): void {
  const shown = useRef<Named | null>(null);
  const latest = useRef(follow);
  latest.current = follow;
  useEffect(() => {
    if (current) {
      shown.current = { id: current.id, title: current.title };
      return;
    }
    const was = shown.current;
    if (!list || !title || was?.title !== title) return;
    shown.current = null;
    const now = list.find((item) => item.id === was.id);
    if (now) latest.current.renamed(now, was);
    else latest.current.deleted(was);
  }, [current, list, title]);
}
