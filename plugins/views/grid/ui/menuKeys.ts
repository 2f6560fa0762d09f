// Arrow keys in a menu (a field's menu, the footer's): Down and Up move to the next and the
// previous item (round the ends), Home and End to the first and the last; disabled items are
// passed over. A menu opened from a button puts the focus on its first item.
import type { KeyboardEvent } from "react";

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';

/** The item a key moves to from `index` (-1: none focused) among `count`, or null. */
export function nextItem(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === "ArrowDown") return index < 0 ? 0 : (index + 1) % count;
  if (key === "ArrowUp") return index < 0 ? count - 1 : (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

export function onMenuKeys(event: KeyboardEvent<HTMLElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
  const next = nextItem(event.key, items.indexOf(document.activeElement as HTMLElement), items.length);
  if (next === null) return;
  event.preventDefault();
  items[next].focus();
}

/** Focus the first item of a menu that has opened in `node`. */
export function focusFirstItem(node: HTMLElement): void {
  node.querySelector<HTMLElement>(ITEMS)?.focus();
}
