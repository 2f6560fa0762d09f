// The bar's spinner: shown only for requests that take a while, so that a quick save or read
// neither flickers nor draws the bar again.
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_SPINNER_DELAY_MS } from "../../app/constants";
import { renderWithProviders } from "../../test/renderWithProviders";
import { requestFinished, requestStarted } from "../ui/uiSlice";
import { LoadingSpinner } from "./Layout";

describe("loading spinner", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows once requests have been under way for a while, and goes when they end", () => {
    const { store } = renderWithProviders(<LoadingSpinner />);
    act(() => void store.dispatch(requestStarted()));
    act(() => void vi.advanceTimersByTime(LOADING_SPINNER_DELAY_MS - 1));
    expect(screen.queryByLabelText("loading")).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByLabelText("loading")).toBeTruthy();
    act(() => void store.dispatch(requestFinished()));
    expect(screen.queryByLabelText("loading")).toBeNull();
  });

  it("never shows for a quick request, nor for quick ones one after the other", () => {
    const { store } = renderWithProviders(<LoadingSpinner />);
    for (let i = 0; i < 5; i += 1) {
      act(() => void store.dispatch(requestStarted()));
      act(() => void vi.advanceTimersByTime(LOADING_SPINNER_DELAY_MS / 2));
      act(() => void store.dispatch(requestFinished()));
      act(() => void vi.advanceTimersByTime(10));
    }
    act(() => void vi.advanceTimersByTime(LOADING_SPINNER_DELAY_MS));
    expect(screen.queryByLabelText("loading")).toBeNull();
  });
});
