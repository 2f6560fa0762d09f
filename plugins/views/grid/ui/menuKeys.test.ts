import { describe, expect, it } from "vitest";
import { nextItem } from "./menuKeys";

describe("menu keys", () => {
  it("move down and up round the ends, Home and End to the first and last", () => {
    expect(nextItem("ArrowDown", -1, 4)).toBe(0);
    expect(nextItem("ArrowDown", 3, 4)).toBe(0);
    expect(nextItem("ArrowUp", 0, 4)).toBe(3);
    expect(nextItem("ArrowUp", -1, 4)).toBe(3);
    expect(nextItem("Home", 2, 4)).toBe(0);
    expect(nextItem("End", 1, 4)).toBe(3);
    expect(nextItem("Enter", 1, 4)).toBeNull();
    expect(nextItem("ArrowDown", -1, 0)).toBeNull();
  });
});
