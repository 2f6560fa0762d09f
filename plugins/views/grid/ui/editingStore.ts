// Which cell's editor is open, kept outside the grid's React state: opening or closing an
// editor redraws the rows it is in (each row listens for its own), not the whole grid, and
// what is typed into it redraws the editor alone (the latest state is kept here for the save
// without telling anyone).
import { useEffect, useState, useSyncExternalStore } from "react";
import type { CellEditing } from "@workbench/plugin-api";

export interface Editing extends CellEditing {
  row: number;
  col: number;
  /** Opened on a field type's editor that has given no value yet (nothing to save). */
  pristine?: boolean;
}

export class EditingStore {
  /** The editor as opened (what the rows draw); null when none is open. */
  private opened: Editing | null = null;
  /** Its latest state: what was typed or picked since. */
  private latest: Editing | null = null;
  private listeners = new Set<() => void>();

  /** The open editor's latest state, or null. */
  current = (): Editing | null => this.latest;

  /** The editor as opened, or null (what the rows draw). */
  shown = (): Editing | null => this.opened;

  /** Open `next` (or close with null): the rows draw it. */
  open(next: Editing | null): void {
    this.opened = next;
    this.latest = next;
    this.listeners.forEach((listener) => listener());
  }

  /** What the open editor holds now; nothing is drawn again. */
  update(next: Editing): void {
    if (this.latest) this.latest = next;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The editor open in `row`, or null; the caller is drawn again when that changes. */
export function useEditingIn(store: EditingStore, row: number): Editing | null {
  return useSyncExternalStore(store.subscribe, () => {
    const opened = store.shown();
    return opened && opened.row === row ? opened : null;
  });
}

/** Whether an editor is open; the caller is drawn again when that changes. */
export function useEditorOpen(store: EditingStore): boolean {
  return useSyncExternalStore(store.subscribe, () => store.shown() !== null);
}

/** How long after an editor closes the user counts as still typing: Enter then the next key
 * come well within it. */
export const TYPING_PAUSE_MS = 1000;

/** Whether an editor is open, or closed less than `pauseMs` ago (the user is filling in cells
 * one after the other); the caller is drawn again when that changes. */
export function useTyping(store: EditingStore, pauseMs = TYPING_PAUSE_MS): boolean {
  const open = useEditorOpen(store);
  const [lately, setLately] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setLately(true);
  }
  useEffect(() => {
    if (open || !lately) return;
    const timer = setTimeout(() => setLately(false), pauseMs);
    return () => clearTimeout(timer);
  }, [open, lately, pauseMs]);
  return open || lately;
}
