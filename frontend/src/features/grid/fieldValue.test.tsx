// A field's value shows through its type's plugin cell, as plain text without one or when it
// throws.
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CellProps } from "../../plugins/hostApi";
import { setLoadedPlugins } from "../../plugins/registry";
import { FieldValue } from "./FieldValue";

const column = { id: "c1", title: "Status", uidt: "SingleSelect" } as Parameters<typeof FieldValue>[0]["column"];

afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

describe("field value", () => {
  it("is plain text without a plugin cell (objects as JSON, checkboxes as a tick)", () => {
    const { container, rerender } = render(<FieldValue value="todo" column={column} />);
    expect(container.textContent).toBe("todo");
    rerender(<FieldValue value={{ a: 1 }} column={{ ...column, uidt: "JSON" }} />);
    expect(container.textContent).toBe('{"a":1}');
    rerender(<FieldValue value={true} column={{ ...column, uidt: "Checkbox" }} />);
    expect(container.textContent).toBe("✓");
  });

  it("uses the plugin's cell with the record's context", () => {
    const Cell = ({ value, rowId, readOnly }: CellProps) => <b data-testid="cell">{`${value}:${rowId}:${readOnly}`}</b>;
    setLoadedPlugins({ plugins: [{ id: "selects", fieldTypes: { SingleSelect: { Cell } } }], failed: [] });
    render(<FieldValue value="todo" column={column} rowId={7} readOnly />);
    expect(screen.getByTestId("cell").textContent).toBe("todo:7:true");
  });

  it("falls back to the text when the plugin's cell throws", () => {
    const Cell = (): never => {
      throw new Error("boom");
    };
    setLoadedPlugins({ plugins: [{ id: "selects", fieldTypes: { SingleSelect: { Cell } } }], failed: [] });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { container } = render(<FieldValue value="todo" column={column} />);
    error.mockRestore();
    warn.mockRestore();
    expect(container.textContent).toBe("todo");
  });
});
