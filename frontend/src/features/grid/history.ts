// Undo and redo of cell edits: each entry records a record's field before and after.

export interface Edit {
  pk: unknown;
  field: string;
  before: unknown;
  after: unknown;
}

export class EditHistory {
  private done: Edit[] = [];
  private undone: Edit[] = [];

  constructor(private readonly limit = 100) {}

  record(edit: Edit): void {
    this.done.push(edit);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The edit to revert (apply `before`), or null. */
  undo(): Edit | null {
    const edit = this.done.pop() ?? null;
    if (edit) this.undone.push(edit);
    return edit;
  }

  /** The edit to apply again (apply `after`), or null. */
  redo(): Edit | null {
    const edit = this.undone.pop() ?? null;
    if (edit) this.done.push(edit);
    return edit;
  }

  /** Forget an entry recorded before its save, when the save failed. */
  discard(edit: Edit): void {
    this.done = this.done.filter((e) => e !== edit);
  }

  /** Put an entry back where it was when applying it failed. */
  restoreUndo(edit: Edit): void {
    this.undone.pop();
    this.done.push(edit);
  }

  restoreRedo(edit: Edit): void {
    this.done.pop();
    this.undone.push(edit);
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }
}
