// The grid counts the user as typing while an editor is open and for a pause after it closes,
// so that live reloads wait until the user stops filling in cells.
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EditingStore, useTyping } from "./editingStore";

const cell = { row: 0, col: 0, text: "", error: null, saving: false };

describe("useTyping", () => {
  afterEach(() => vi.useRealTimers());

  it("lasts from an editor's opening until a pause after the last one closed", () => {
    vi.useFakeTimers();
    const store = new EditingStore();
    const { result } = renderHook(() => useTyping(store, 1000));
    expect(result.current).toBe(false);
    act(() => store.open(cell));
    expect(result.current).toBe(true);
    act(() => store.open(null));
    act(() => vi.advanceTimersByTime(600));
    expect(result.current).toBe(true);
    // The next record's editor opens within the pause, and closes: the pause starts again.
    act(() => store.open({ ...cell, row: 1 }));
    act(() => vi.advanceTimersByTime(600));
    act(() => store.open(null));
    act(() => vi.advanceTimersByTime(900));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);
  });
});
