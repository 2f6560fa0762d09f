// The records the card views load page after page, and the records they move.
import { describe, expect, it } from "vitest";
import { nextOffset } from "./recordFeed";
import { withMoves } from "./recordMoves";

describe("moved records", () => {
  const rows = [{ Id: 1, Status: "Todo" }, { Id: 2, Status: "Todo" }];

  it("leave the list they left and show in the one they joined, with the count corrected", () => {
    const moves = new Map([[JSON.stringify(2), { Id: 2, Status: "Done" }], [JSON.stringify(7), { Id: 7, Status: "Todo" }]]);
    const todo = withMoves(rows, moves, "Id", (r) => r.Status === "Todo");
    expect(todo.rows.map((r) => r.Id)).toEqual([7, 1]);
    expect(todo.delta).toBe(0);
    const done = withMoves([], moves, "Id", (r) => r.Status === "Done");
    expect(done.rows).toEqual([{ Id: 2, Status: "Done" }]);
    expect(done.delta).toBe(1);
  });

  it("once saved and read again, are not counted twice", () => {
    const moves = new Map([[JSON.stringify(2), { Id: 2, Status: "Done" }]]);
    const done = withMoves([{ Id: 2, Status: "Done" }], moves, "Id", (r) => r.Status === "Done");
    expect(done).toEqual({ rows: [{ Id: 2, Status: "Done" }], delta: 0 });
  });
});

describe("record pages", () => {
  const page = (n: number, totalRows?: number, isLastPage = false) => ({
    list: Array.from({ length: n }, (_, i) => ({ Id: i })),
    pageInfo: { totalRows: totalRows as number, pageSize: 100, isFirstPage: false, isLastPage },
  });

  it("go on until every record is loaded", () => {
    expect(nextOffset(page(100, 250), 100)).toBe(100);
    expect(nextOffset(page(100, 250), 200)).toBe(200);
    expect(nextOffset(page(50, 250), 250)).toBeUndefined();
    expect(nextOffset(page(100, 300, true), 300)).toBeUndefined();
    expect(nextOffset(page(0, 0), 0)).toBeUndefined();
    expect(nextOffset(page(100, undefined), 100)).toBe(100);
    expect(nextOffset(page(40, undefined), 140)).toBeUndefined();
  });
});
