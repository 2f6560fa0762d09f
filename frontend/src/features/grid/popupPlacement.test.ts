import { describe, expect, it } from "vitest";
import { opensUpwards } from "./popupPlacement";

const grid = { top: 100, bottom: 600 };

describe("opensUpwards", () => {
  it("keeps the popup under a cell with room below", () => {
    expect(opensUpwards({ top: 150, bottom: 181 }, 300, grid)).toBe(false);
  });

  it("opens upwards on the last rows, where it would run past the bottom", () => {
    expect(opensUpwards({ top: 560, bottom: 591 }, 300, grid)).toBe(true);
  });

  it("stays under the cell when there is even less room above", () => {
    expect(opensUpwards({ top: 120, bottom: 151 }, 600, grid)).toBe(false);
  });

  it("stays under the cell when it fits exactly", () => {
    expect(opensUpwards({ top: 300, bottom: 331 }, 300, grid)).toBe(false);
  });
});
