import { describe, expect, it } from "vitest";
import { sameProps } from "./sameProps";

describe("sameProps", () => {
  it("counts functions and objects of the same contents as the same", () => {
    const columns = [{ id: "a" }];
    expect(sameProps({ columns, can: { edit: true }, onSort: () => 1 }, { columns, can: { edit: true }, onSort: () => 2 })).toBe(true);
    expect(sameProps({ list: [1, 2] }, { list: [1, 2] })).toBe(true);
  });

  it("tells changed values apart", () => {
    expect(sameProps({ width: 1 }, { width: 2 })).toBe(false);
    expect(sameProps({ can: { edit: true } }, { can: { edit: false } })).toBe(false);
    expect(sameProps({ list: [1, 2] }, { list: [1, 2, 3] })).toBe(false);
    expect(sameProps({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameProps({ value: null }, { value: {} })).toBe(false);
  });
});
