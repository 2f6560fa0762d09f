// The grid uses a plugin's Editor for its field type, and falls back when it throws.
import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { createPortal } from "react-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { EditorProps } from "../../plugins/hostApi";
import { setLoadedPlugins } from "../../plugins/registry";
import { CellEditor } from "./CellEditor";

function StarsEditor({ value, onChange, onDone }: EditorProps) {
  const [n, setN] = useState(Number(value ?? 0));
  return (
    <button
      type="button"
      data-testid="stars"
      onClick={() => {
        setN(n + 1);
        onChange(n + 1);
        onDone();
      }}
    >
      {n}
    </button>
  );
}

const column = { id: "c1", title: "Stars", uidt: "Rating" };
const editing = { row: 0, col: 0, text: "", error: null, saving: false };
const noop = () => undefined;

afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

describe("cell editor", () => {
  it("uses the field type's plugin editor, which gives values", () => {
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: StarsEditor } } }], failed: [] });
    const onValue = vi.fn();
    const onDone = vi.fn();
    renderWithProviders(
      <CellEditor column={column} editing={editing} value={2} onText={noop} onKey={noop} onBlur={noop} onValue={onValue} onDone={onDone} />,
    );
    act(() => {
      fireEvent.click(screen.getByTestId("stars"));
    });
    expect(onValue).toHaveBeenCalledWith(3);
    expect(onDone).toHaveBeenCalled();
  });

  it("falls back to the host's editor when the plugin editor throws", () => {
    const Broken = (): never => {
      throw new Error("boom");
    };
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: Broken } } }], failed: [] });
    const spy = vi.spyOn(console, "error").mockImplementation(noop);
    const warn = vi.spyOn(console, "warn").mockImplementation(noop);
    renderWithProviders(
      <CellEditor column={column} editing={{ ...editing, text: "4" }} value={4} onText={noop} onKey={noop} onBlur={noop} onValue={noop} onDone={noop} />,
    );
    spy.mockRestore();
    warn.mockRestore();
    expect(screen.queryByTestId("plugin-editor")).toBeNull();
    expect((screen.getByTestId("cell-editor") as HTMLInputElement).value).toBe("4");
  });

  it("is a text input without a plugin", () => {
    renderWithProviders(
      <CellEditor column={{ ...column, uidt: "SingleLineText" }} editing={{ ...editing, text: "abc" }} onText={noop} onKey={noop} onBlur={noop} onValue={noop} onDone={noop} />,
    );
    expect((screen.getByTestId("cell-editor") as HTMLInputElement).value).toBe("abc");
  });

  it("saves when focus leaves a plugin editor, not when it moves inside it or its dialog", () => {
    function Editor() {
      return (
        <>
          <input data-testid="inside" />
          <button type="button" data-testid="inside-too" />
          {createPortal(<><button type="button" data-testid="dialog-a" /><button type="button" data-testid="dialog-b" /></>, document.body)}
        </>
      );
    }
    setLoadedPlugins({ plugins: [{ id: "p", fieldTypes: { Rating: { Editor } } }], failed: [] });
    const onBlur = vi.fn();
    renderWithProviders(
      <>
        <CellEditor column={column} editing={editing} value={1} onText={noop} onKey={noop} onBlur={onBlur} onValue={noop} onDone={noop} />
        <button type="button" data-testid="outside" />
      </>,
    );
    fireEvent.blur(screen.getByTestId("inside"), { relatedTarget: screen.getByTestId("inside-too") });
    fireEvent.blur(screen.getByTestId("dialog-a"), { relatedTarget: screen.getByTestId("dialog-b") });
    fireEvent.blur(screen.getByTestId("dialog-b"), { relatedTarget: screen.getByTestId("outside") });
    expect(onBlur).not.toHaveBeenCalled();
    fireEvent.blur(screen.getByTestId("inside"), { relatedTarget: screen.getByTestId("outside") });
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
