import { describe, expect, it } from "vitest";
import { EditHistory, isBatch, rowBodies } from "./history";

const edit = (n: number) => ({ pk: n, field: "Title", before: `b${n}`, after: `a${n}` });

describe("edit history", () => {
  it("undoes in reverse order and redoes forward", () => {
    const h = new EditHistory();
    h.record(edit(1));
    h.record(edit(2));
    expect(h.undo()).toEqual(edit(2));
    expect(h.undo()).toEqual(edit(1));
    expect(h.undo()).toBeNull();
    expect(h.redo()).toEqual(edit(1));
    expect(h.redo()).toEqual(edit(2));
    expect(h.redo()).toBeNull();
  });

  it("forgets the redo stack on a new edit and keeps at most `limit` entries", () => {
    const h = new EditHistory(2);
    h.record(edit(1));
    h.undo();
    h.record(edit(2));
    expect(h.canRedo).toBe(false);
    h.record(edit(3));
    h.record(edit(4));
    expect([h.undo(), h.undo(), h.undo()]).toEqual([edit(4), edit(3), null]);
  });

  it("puts an entry back when applying it failed", () => {
    const h = new EditHistory();
    h.record(edit(1));
    const e = h.undo()!;
    h.restoreUndo(e);
    expect(h.canUndo).toBe(true);
    expect(h.canRedo).toBe(false);
    const again = h.undo()!;
    h.redo();
    h.restoreRedo(again);
    expect(h.canRedo).toBe(true);
  });

  it("forgets a discarded entry", () => {
    const h = new EditHistory();
    const first = edit(1);
    h.record(first);
    h.record(edit(2));
    h.discard(first);
    expect([h.undo(), h.undo()]).toEqual([edit(2), null]);
  });
});

describe("batches", () => {
  it("are one undo step and give one body per record", () => {
    const history = new EditHistory();
    const batch = {
      changes: [
        { pk: 1, field: "A", before: "x", after: "y" },
        { pk: 2, field: "A", before: null, after: "z" },
        { pk: 1, field: "B", before: 1, after: 2 },
      ],
      created: [],
    };
    history.record({ pk: 9, field: "A", before: 0, after: 1 });
    history.record(batch);
    const undone = history.undo();
    expect(undone).toBe(batch);
    expect(isBatch(undone!)).toBe(true);
    expect(rowBodies(batch.changes, "Id", "before")).toEqual([{ Id: 1, A: "x", B: 1 }, { Id: 2, A: null }]);
    expect(rowBodies(batch.changes, "Id", "after")).toEqual([{ Id: 1, A: "y", B: 2 }, { Id: 2, A: "z" }]);
    expect(isBatch(history.undo()!)).toBe(false);
  });
});
