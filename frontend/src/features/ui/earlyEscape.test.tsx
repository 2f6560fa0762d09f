import { Button, Dialog, Drawer, Tooltip } from "@blueprintjs/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handEarlyEscape } from "./earlyEscape";

let stop: () => void;
beforeEach(() => {
  stop = handEarlyEscape(document);
});
afterEach(() => stop());

describe("handEarlyEscape", () => {
  it("closes a dialog on an Escape pressed before the focus has moved into it", () => {
    const onClose = vi.fn();
    render(
      <>
        <button data-testid="opener">open</button>
        <Dialog isOpen onClose={onClose} title="A dialog">
          <p>body</p>
        </Dialog>
      </>,
    );
    const opener = screen.getByTestId("opener");
    opener.focus();
    fireEvent.keyDown(opener, { key: "Enter" });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(opener, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("hands the Escape to the overlay opened last only, and respects one Escape may not close", () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(
      <>
        <button data-testid="opener">open</button>
        <Drawer isOpen onClose={first} title="First" />
        <Dialog isOpen onClose={second} title="Second" />
      </>,
    );
    fireEvent.keyDown(screen.getByTestId("opener"), { key: "Escape" });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    rerender(
      <>
        <button data-testid="opener">open</button>
        <Drawer isOpen onClose={first} title="First" />
        <Dialog isOpen onClose={second} canEscapeKeyClose={false} title="Second" />
      </>,
    );
    fireEvent.keyDown(screen.getByTestId("opener"), { key: "Escape" });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it("leaves an Escape inside an overlay to it", () => {
    const onClose = vi.fn();
    render(
      <Dialog isOpen onClose={onClose} title="A dialog">
        <input data-testid="inside" onKeyDown={(e) => e.key === "Escape" && e.stopPropagation()} />
      </Dialog>,
    );
    // The field inside keeps its Escape to itself: the dialog stays open.
    fireEvent.keyDown(screen.getByTestId("inside"), { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("hands nothing to an overlay that takes no focus (a tooltip closes on its own)", () => {
    render(
      <>
        <button data-testid="opener">open</button>
        <Tooltip content="tip" isOpen>
          <Button text="hover me" />
        </Tooltip>
      </>,
    );
    expect(document.querySelector(".bp6-overlay-open")).not.toBeNull();
    const dispatch = vi.spyOn(Element.prototype, "dispatchEvent");
    try {
      fireEvent.keyDown(screen.getByTestId("opener"), { key: "Escape" });
      const handed = dispatch.mock.contexts.filter((el) => el !== screen.getByTestId("opener"));
      expect(handed).toEqual([]);
    } finally {
      dispatch.mockRestore();
    }
  });
});
