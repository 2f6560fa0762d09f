import { describe, expect, it } from "vitest";
import { DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH, clampWidth, parseWidth, resizedWidth } from "./columnWidth";

describe("column widths", () => {
  it("clamps to the bounds the server accepts", () => {
    expect(clampWidth(10)).toBe(MIN_WIDTH);
    expect(clampWidth(5000)).toBe(MAX_WIDTH);
    expect(clampWidth(123.6)).toBe(124);
    expect(clampWidth(Number.NaN)).toBe(DEFAULT_WIDTH);
  });

  it("reads stored widths", () => {
    expect(parseWidth("240px")).toBe(240);
    expect(parseWidth("240")).toBe(240);
    expect(parseWidth(300)).toBe(300);
    expect(parseWidth("20px")).toBe(MIN_WIDTH);
    expect(parseWidth(null)).toBe(DEFAULT_WIDTH);
    expect(parseWidth("wide")).toBe(DEFAULT_WIDTH);
  });

  it("follows the drag, mirrored right to left", () => {
    expect(resizedWidth(200, 50)).toBe(250);
    expect(resizedWidth(200, 50, true)).toBe(150);
    expect(resizedWidth(200, -500)).toBe(MIN_WIDTH);
  });
});
