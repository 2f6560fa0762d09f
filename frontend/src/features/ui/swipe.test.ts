import { describe, expect, it } from "vitest";
import { inlineSwipe, SWIPE_THRESHOLD, swipeDirection } from "./swipe";

describe("swipes", () => {
  it("need a move of at least 50 pixels", () => {
    expect(SWIPE_THRESHOLD).toBe(50);
    expect(swipeDirection({ x: 100, y: 100 }, { x: 149, y: 100 })).toBeNull();
    expect(swipeDirection({ x: 100, y: 100 }, { x: 150, y: 100 })).toBe("right");
    expect(swipeDirection({ x: 100, y: 100 }, { x: 50, y: 120 })).toBe("left");
    expect(swipeDirection({ x: 100, y: 100 }, { x: 120, y: 40 })).toBe("up");
    expect(swipeDirection({ x: 100, y: 100 }, { x: 90, y: 200 })).toBe("down");
  });

  it("are read along the page's direction", () => {
    expect(inlineSwipe("right", "ltr")).toBe("forward");
    expect(inlineSwipe("left", "ltr")).toBe("back");
    expect(inlineSwipe("left", "rtl")).toBe("forward");
    expect(inlineSwipe("right", "rtl")).toBe("back");
    expect(inlineSwipe("down", "ltr")).toBeNull();
    expect(inlineSwipe(null, "ltr")).toBeNull();
  });
});
