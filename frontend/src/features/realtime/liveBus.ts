// Between the live updates and the components that show a table: a component holds a table's
// reloads while one would disturb it (a cell being edited: a row coming or going above it
// would move the edit to another record), and hears which records changed (the expanded
// record reads itself again). One bus per page; tests make their own.

export interface RecordsChange {
  tableId: string;
  /** The records' ids, or null when many changed (everything is read again). */
  ids: unknown[] | null;
}

type Listener<T> = (value: T) => void;

export class LiveBus {
  private holds = new Map<string, number>();
  private releaseListeners = new Set<Listener<string>>();
  private recordListeners = new Set<Listener<RecordsChange>>();

  /** Hold `tableId`'s reloads until the returned function is called (holds nest). */
  hold(tableId: string): () => void {
    this.holds.set(tableId, (this.holds.get(tableId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.holds.get(tableId) ?? 1) - 1;
      if (left > 0) {
        this.holds.set(tableId, left);
        return;
      }
      this.holds.delete(tableId);
      for (const listener of [...this.releaseListeners]) listener(tableId);
    };
  }

  isHeld(tableId: string): boolean {
    return this.holds.has(tableId);
  }

  /** Called with a table's id when its last hold is released. */
  onRelease(listener: Listener<string>): () => void {
    this.releaseListeners.add(listener);
    return () => this.releaseListeners.delete(listener);
  }

  onRecords(listener: Listener<RecordsChange>): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  emitRecords(change: RecordsChange): void {
    for (const listener of [...this.recordListeners]) listener(change);
  }
}

export const liveBus = new LiveBus();

/** Whether `change` concerns the record `pk` of `tableId`. */
export function touchesRecord(change: RecordsChange, tableId: string, pk: unknown): boolean {
  if (change.tableId !== tableId) return false;
  return change.ids === null || change.ids.some((id) => String(id) === String(pk));
}
