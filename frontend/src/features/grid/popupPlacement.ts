// Where an editor's popup opens: under its cell, as usual, unless it would run past the
// bottom of what the user can see (the grid's scroll area or the window) while there is more
// room above the cell; then it opens upwards, its bottom on the cell's. The popup is the
// plugin editor's `.wb-popup-editor`; the host only sets a class on the box around it.
import { useLayoutEffect, type RefObject } from "react";

export const FLIP_CLASS = "wb-popup-up";

export interface Span {
  top: number;
  bottom: number;
}

/** Whether a popup of `height` opening under `anchor` should open above it instead. */
export function opensUpwards(anchor: Span, height: number, visible: Span): boolean {
  const below = visible.bottom - anchor.top;
  const above = anchor.bottom - visible.top;
  return height > below && above > below;
}

/** What clips `element`: its nearest scrolling or clipping ancestor, within the window. */
export function visibleSpan(element: Element): Span {
  let top = 0;
  let bottom = window.innerHeight;
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === "auto" || overflow === "scroll" || overflow === "hidden") {
      const rect = node.getBoundingClientRect();
      top = Math.max(top, rect.top);
      bottom = Math.min(bottom, rect.bottom);
      break;
    }
  }
  return { top, bottom };
}

/** Keeps `box`'s `.wb-popup-editor` in view as it opens and whenever its size changes. */
export function usePopupPlacement(box: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = box.current;
    const popup = element?.querySelector<HTMLElement>(".wb-popup-editor");
    if (!element || !popup) return;
    const place = () => {
      const anchor = element.getBoundingClientRect();
      const up = opensUpwards(anchor, popup.getBoundingClientRect().height, visibleSpan(element));
      element.classList.toggle(FLIP_CLASS, up);
    };
    place();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(place);
    observer.observe(popup);
    return () => observer.disconnect();
  }, [box]);
}
