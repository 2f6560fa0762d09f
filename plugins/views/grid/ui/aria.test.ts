import { describe, expect, it } from "vitest";
import { cellId, columnIndex, rowIndex } from "./aria";

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
});
