// Where the active cell's record went after a reload: the nearest row holding it.
import { describe, expect, it } from "vitest";
import { followedRow } from "./followRecord";

const rowsOf = (ids: (number | undefined)[]) => (row: number) => (ids[row] === undefined ? undefined : { Id: ids[row] });

describe("followed row", () => {
  it("stays when the record is still on its row", () => {
    expect(followedRow(1, 5, "Id", rowsOf([4, 5, 6]))).toBe(1);
  });

  it("moves up after a deletion above and down after an insertion above", () => {
    expect(followedRow(2, 6, "Id", rowsOf([5, 6, 7]))).toBe(1);
    expect(followedRow(1, 5, "Id", rowsOf([3, 4, 5]))).toBe(2);
  });

  it("takes the nearest row and looks only as far as told", () => {
    const ids = Array.from({ length: 50 }, (_, i) => i);
    ids[10] = 99;
    expect(followedRow(20, 99, "Id", rowsOf(ids))).toBe(10);
    expect(followedRow(20, 99, "Id", rowsOf(ids), 5)).toBeNull();
  });

  it("is null for a record deleted or not loaded", () => {
    expect(followedRow(1, 9, "Id", rowsOf([1, 2, 3]))).toBeNull();
    expect(followedRow(1, 2, "Id", rowsOf([undefined, undefined]))).toBeNull();
  });
});
