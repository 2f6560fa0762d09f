import { describe, expect, it } from "vitest";
import { cellId, columnIndex, isDrawn, rowIndex } from "./aria";

describe("grid ARIA positions", () => {
  it("count the header as row 1 and the row numbers as column 1", () => {
    expect(rowIndex(0)).toBe(2);
    expect(columnIndex(0)).toBe(2);
    expect(rowIndex(99_999)).toBe(100_001);
  });

  it("give each cell an id of its own within its grid", () => {
    expect(cellId(":r1:", { row: 3, col: 4 })).toBe(":r1:-cell-3-4");
    expect(cellId(":r1:", { row: 34, col: 4 })).not.toBe(cellId(":r1:", { row: 3, col: 44 }));
    expect(cellId(":r1:", { row: 3, col: 4 })).not.toBe(cellId(":r2:", { row: 3, col: 4 }));
  });

  it("name as active only a cell that is drawn", () => {
    const runs = [{ first: 10, last: 30 }, { first: 50, last: 52 }];
    const columns = { first: 4, last: 9, frozen: 1 };
    expect(isDrawn({ row: 10, col: 4 }, runs, columns)).toBe(true);
    expect(isDrawn({ row: 51, col: 0 }, runs, columns)).toBe(true);
    expect(isDrawn({ row: 40, col: 5 }, runs, columns)).toBe(false);
    expect(isDrawn({ row: 20, col: 2 }, runs, columns)).toBe(false);
    expect(isDrawn({ row: 20, col: 10 }, runs, columns)).toBe(false);
    expect(isDrawn({ row: 0, col: 0 }, [], columns)).toBe(false);
  });
});
