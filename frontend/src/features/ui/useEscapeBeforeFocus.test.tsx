import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useEscapeBeforeFocus } from "./useEscapeBeforeFocus";

function Probe({ open, onClose }: { open: boolean; onClose(): void }) {
  useEscapeBeforeFocus(open, onClose);
  return (
    <>
      <button data-testid="opener">open</button>
      <div className="bp6-portal">
        <input data-testid="inside" />
      </div>
    </>
  );
}

describe("useEscapeBeforeFocus", () => {
  it("closes on an Escape from outside any overlay while open, and leaves the rest alone", () => {
    const onClose = vi.fn();
    const { getByTestId, rerender } = render(<Probe open onClose={onClose} />);
    fireEvent.keyDown(getByTestId("opener"), { key: "Enter" });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(getByTestId("inside"), { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled(); // the overlay's own Escape handling decides
    fireEvent.keyDown(getByTestId("opener"), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<Probe open={false} onClose={onClose} />);
    fireEvent.keyDown(getByTestId("opener"), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
