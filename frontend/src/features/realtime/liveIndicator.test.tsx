// The connection dot: nothing before and during the first connection, "on" once ready,
// "paused" while reconnecting after that.
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import { LiveIndicator } from "./LiveIndicator";
import { connectionChanged, socketReady } from "./realtimeSlice";

describe("live indicator", () => {
  it("follows the socket's state", () => {
    const { store } = renderWithProviders(<LiveIndicator />);
    expect(screen.queryByTestId("live-indicator")).toBeNull();
    act(() => {
      store.dispatch(connectionChanged("connecting"));
    });
    expect(screen.queryByTestId("live-indicator")).toBeNull();
    act(() => {
      store.dispatch(socketReady("u1"));
      store.dispatch(connectionChanged("ready"));
    });
    expect(screen.getByRole("status").getAttribute("aria-label")).toBe("Live updates on");
    act(() => {
      store.dispatch(connectionChanged("waiting"));
    });
    expect(screen.getByTestId("live-indicator").dataset.state).toBe("waiting");
    act(() => {
      store.dispatch(connectionChanged("connecting"));
    });
    expect(screen.getByRole("status").getAttribute("aria-label")).toBe("Live updates paused, reconnecting…");
    act(() => {
      store.dispatch(connectionChanged("idle"));
    });
    expect(screen.queryByTestId("live-indicator")).toBeNull();
  });
});
