// Grid column widths: the view stores each column's width ("200px"); the grid clamps what
// it reads and what the user drags to the same bounds the server accepts.

export const DEFAULT_WIDTH = 200;
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 1000;
/** How far one arrow key press on a resize handle moves the edge. */
export const WIDTH_STEP = 10;

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_WIDTH;
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
}

/** A stored width ("240px", "240", 240) in pixels, clamped; the default when unset or unreadable. */
export function parseWidth(stored: unknown): number {
  if (typeof stored === "number") return clampWidth(stored);
  if (typeof stored !== "string") return DEFAULT_WIDTH;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(stored);
  return match ? clampWidth(Number(match[1])) : DEFAULT_WIDTH;
}

/** The width after dragging the column's end edge by `dx` screen pixels (right to left
 * pages grow columns leftwards). */
export function resizedWidth(start: number, dx: number, rtl = false): number {
  return clampWidth(start + (rtl ? -dx : dx));
}
