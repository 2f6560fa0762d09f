import { describe, expect, it } from "vitest";
import { blockOf, blockSize, extendSelection, inBlock, isRange } from "./range";

describe("range selection", () => {
  const sel = { anchor: { row: 5, col: 2 }, focus: { row: 3, col: 4 } };

  it("normalises anchor and focus into a block", () => {
    expect(blockOf(sel)).toEqual({ top: 3, bottom: 5, left: 2, right: 4 });
    expect(blockSize(blockOf(sel))).toEqual({ rows: 3, cols: 3 });
    expect(inBlock(blockOf(sel), 4, 3)).toBe(true);
    expect(inBlock(blockOf(sel), 6, 3)).toBe(false);
    expect(inBlock(null, 0, 0)).toBe(false);
  });

  it("extends by moving the focus and stays inside the grid", () => {
    const one = { anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } };
    expect(isRange(one)).toBe(false);
    const down = extendSelection(one, 1, 0, 10, 3);
    expect(down).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 0 } });
    expect(isRange(down)).toBe(true);
    expect(extendSelection(down, -5, 7, 10, 3).focus).toEqual({ row: 0, col: 2 });
    expect(extendSelection(down, 50, 0, 10, 3).focus.row).toBe(9);
  });
});
