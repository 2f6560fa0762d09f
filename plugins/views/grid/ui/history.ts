// Undo and redo of cell edits: each entry records a record's field before and after; a
// paste is one entry (a Batch) however many cells and new records it wrote; deleted records
// are one entry (a Removal).
import type { Removal } from "./rowRemoval";

export interface Edit {
  pk: unknown;
  field: string;
  before: unknown;
  after: unknown;
}

/** Several cell edits and added records undone and redone together. */
export interface Batch {
  changes: Edit[];
  /** Records the step added: their values, and their primary keys once known. */
  created: { pk: unknown; values: Record<string, unknown> }[];
}

export type HistoryEntry = Edit | Batch | Removal;

export function isBatch(entry: HistoryEntry): entry is Batch {
  return "changes" in entry;
}

export class EditHistory<T = HistoryEntry> {
  private done: T[] = [];
  private undone: T[] = [];

  constructor(private readonly limit = 100) {}

  record(edit: T): void {
    this.done.push(edit);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The edit to revert (apply `before`), or null. */
  undo(): T | null {
    const edit = this.done.pop() ?? null;
    if (edit) this.undone.push(edit);
    return edit;
  }

  /** The edit to apply again (apply `after`), or null. */
  redo(): T | null {
    const edit = this.undone.pop() ?? null;
    if (edit) this.done.push(edit);
    return edit;
  }

  /** Forget an entry recorded before its save, when the save failed. */
  discard(edit: T): void {
    this.done = this.done.filter((e) => e !== edit);
  }

  /** Put an entry back where it was when applying it failed. */
  restoreUndo(edit: T): void {
    this.undone.pop();
    this.done.push(edit);
  }

  restoreRedo(edit: T): void {
    this.done.pop();
    this.undone.push(edit);
  }

  /** The entry an undo would revert now, or null. */
  get last(): T | null {
    return this.done[this.done.length - 1] ?? null;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }
}

/** One bulk-update body per record for a batch's cell edits, with the `before` or `after`
 * values, in the order the records were first touched. */
export function rowBodies(changes: readonly Edit[], pkName: string, side: "before" | "after"): Record<string, unknown>[] {
  const bodies = new Map<unknown, Record<string, unknown>>();
  for (const change of changes) {
    const body = bodies.get(change.pk) ?? { [pkName]: change.pk };
    body[change.field] = change[side];
    bodies.set(change.pk, body);
  }
  return [...bodies.values()];
}
