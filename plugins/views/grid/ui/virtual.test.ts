import { describe, expect, it } from "vitest";
import { MAX_SCROLL_HEIGHT, columnWindow, pagesFor, rowWindow, scrollLeftForColumn, scrollTopForRow } from "./virtual";

describe("row window", () => {
  it("shows the rows in view plus overscan, at their natural positions for small tables", () => {
    const w = rowWindow(320, 640, 1000, 32, 2);
    expect(w.contentHeight).toBe(32_000);
    expect([w.first, w.last]).toEqual([8, 32]);
    expect(w.rowTop(10)).toBe(320);
  });

  it("draws more rows on the side the grid scrolls to than behind", () => {
    const down = rowWindow(320, 640, 1000, 32, { before: 2, after: 8 });
    expect([down.first, down.last]).toEqual([8, 38]);
    const up = rowWindow(320, 640, 1000, 32, { before: 8, after: 2 });
    expect([up.first, up.last]).toEqual([2, 32]);
  });

  it("clamps at both ends", () => {
    expect(rowWindow(0, 640, 5, 32, 8)).toMatchObject({ first: 0, last: 4 });
    const end = rowWindow(1e9, 640, 1000, 32, 0);
    expect(end.last).toBe(999);
    expect(end.rowTop(999) + 32).toBe(32_000);
    expect(rowWindow(0, 640, 0, 32).last).toBe(-1);
  });

  it("scales a 1,000,000-row table into the browser's height limit and reaches the last row", () => {
    const rows = 1_000_000;
    const top = rowWindow(0, 640, rows, 32, 0);
    expect(top.contentHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(top.first).toBe(0);
    const bottom = rowWindow(MAX_SCROLL_HEIGHT - 640, 640, rows, 32, 0);
    expect(bottom.last).toBe(rows - 1);
    // The last row ends exactly at the bottom of the viewport.
    expect(bottom.rowTop(rows - 1) + 32).toBeCloseTo(MAX_SCROLL_HEIGHT, 6);
    // Rows stay 32 px apart on screen.
    const middle = rowWindow(4_000_000, 640, rows, 32, 0);
    expect(middle.rowTop(middle.first + 1) - middle.rowTop(middle.first)).toBe(32);
    expect(middle.first).toBeGreaterThan(490_000);
    expect(middle.first).toBeLessThan(510_000);
  });

  it("finds the scroll position of a row", () => {
    expect(scrollTopForRow(10, 640, 1000, 32)).toBe(320);
    const rows = 1_000_000;
    const st = scrollTopForRow(750_000, 640, rows, 32);
    expect(rowWindow(st, 640, rows, 32, 0).first).toBe(750_000);
    expect(scrollTopForRow(5, 640, 3, 32)).toBe(0);
  });
});

describe("column window", () => {
  it("shows the columns in view plus overscan", () => {
    const widths = [100, 200, 150, 150, 300];
    expect(columnWindow(0, 250, widths, 0)).toMatchObject({ first: 0, last: 1, totalWidth: 900 });
    expect(columnWindow(310, 100, widths, 0)).toMatchObject({ first: 2, last: 2 });
    expect(columnWindow(310, 100, widths, 1)).toMatchObject({ first: 1, last: 3 });
    expect(columnWindow(0, 250, widths).lefts).toEqual([0, 100, 300, 450, 600]);
  });
});

describe("scrolling a column into view", () => {
  const widths = [100, 200, 150, 150, 300];
  const lefts = columnWindow(0, 250, widths).lefts;
  it("leaves a column in view alone", () => {
    expect(scrollLeftForColumn(1, 0, 350, lefts, widths)).toBeNull();
    expect(scrollLeftForColumn(2, 250, 250, lefts, widths)).toBeNull();
  });
  it("scrolls right until the column's right edge shows", () => {
    expect(scrollLeftForColumn(3, 0, 350, lefts, widths)).toBe(250);
    expect(scrollLeftForColumn(2, 0, 250, lefts, widths)).toBe(200);
  });
  it("scrolls left to the column's left edge", () => {
    expect(scrollLeftForColumn(0, 120, 250, lefts, widths)).toBe(0);
    expect(scrollLeftForColumn(1, 150, 250, lefts, widths)).toBe(100);
  });
  it("shows the left edge of a column wider than the viewport", () => {
    expect(scrollLeftForColumn(4, 0, 200, lefts, widths)).toBe(600);
  });
});

describe("pages", () => {
  it("cover the visible rows", () => {
    expect(pagesFor(0, 99, 100)).toEqual([0]);
    expect(pagesFor(95, 205, 100)).toEqual([0, 1, 2]);
    expect(pagesFor(5, 4, 100)).toEqual([]);
  });
});
