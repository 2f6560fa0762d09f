// Swipes on a touch screen: a finger that moves at least SWIPE_THRESHOLD pixels, more
// sideways than up or down (or the other way round), is a swipe in that direction; shorter
// moves are taps and scrolls. On a phone a swipe along the reading direction opens the
// project's tables list and one against it closes the list or a record shown over the screen.
import { useRef, type TouchEvent } from "react";

export const SWIPE_THRESHOLD = 50;

export type SwipeDirection = "left" | "right" | "up" | "down";

interface Point {
  x: number;
  y: number;
}

/** The direction of a move from `start` to `end`, or null when it is shorter than `threshold`. */
export function swipeDirection(start: Point, end: Point, threshold = SWIPE_THRESHOLD): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < threshold) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? "right" : "left";
  return dy > 0 ? "down" : "up";
}

/** A sideways swipe read along the page's direction: "forward" is rightwards in a
 * left-to-right language and leftwards in a right-to-left one. */
export function inlineSwipe(direction: SwipeDirection | null, dir: "ltr" | "rtl"): "forward" | "back" | null {
  if (direction !== "left" && direction !== "right") return null;
  return (direction === "right") === (dir === "ltr") ? "forward" : "back";
}

/** Touch handlers calling `onSwipe` with the swipe's direction along the page's direction. */
export function useInlineSwipe(onSwipe: (way: "forward" | "back") => void) {
  const start = useRef<Point | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!from || !touch) return;
      const dir = document.documentElement.dir === "rtl" ? "rtl" : "ltr";
      const way = inlineSwipe(swipeDirection(from, { x: touch.clientX, y: touch.clientY }), dir);
      if (way) onSwipe(way);
    },
  };
}
