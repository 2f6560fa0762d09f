// When a part of the grid (header, toolbar, footer, group headers) need not be drawn again:
// its props are the same but for functions (the grid passes handlers that call its latest
// state) and for objects made anew with the same contents (the view's permissions, a menu
// element). Opening a cell's editor then redraws the edited row, not the grid's every part.

const DEPTH = 3;

function same(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === "function" && typeof b === "function") return true;
  if (depth === 0 || !a || !b || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => same(item, b[i], depth - 1));
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((key) => key in b && same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth - 1));
}

/** Whether two sets of props draw the same (functions count as equal). */
export function sameProps<P extends object>(a: P, b: P): boolean {
  return same(a, b, DEPTH);
}
