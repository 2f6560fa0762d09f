// A row draws again only the cells that change: opening an editor draws its cell, not the
// row's other cells, and the editor starts from the typed key.
import { act, render, screen } from "@testing-library/react";
import { useLayoutEffect, useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import type { CellProps, FieldEditorProps, FieldInfo, RecordRow } from "@workbench/plugin-api";
import { EditingStore } from "./editingStore";
import { GridRow, type RowHandlers } from "./GridRow";

const drawn: string[] = [];

vi.mock("@workbench/plugin-api", () => ({
  CommentBadge: () => null,
  FieldCell: ({ value, column }: CellProps) => {
    drawn.push(column.title);
    return <span>{String(value)}</span>;
  },
  fieldType: () => ({ group: "text", creatable: true, capabilities: { export: "string", readOnly: false, linksRecords: false, holdsFiles: false, filterOperators: [] } }),
  keepsEditorReady: () => true,
  FieldEditor: ({ editing, onValue, standby }: FieldEditorProps) => {
    const { text, typed, value } = editing as { text: string; typed?: string; value?: { v: unknown } };
    // Reports the typed key it starts from as it opens, as the field types' editors do.
    useLayoutEffect(() => {
      if (typed !== undefined) onValue(typed);
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    const renders = useRef(0);
    renders.current += 1;
    return (
      <>
        <input data-testid="cell-editor" data-standby={standby ? "yes" : "no"} defaultValue={text} data-value={value ? String(value.v) : ""} data-renders={renders.current} />
        <button data-testid="report-xy" onClick={() => onValue("xy")} />
      </>
    );
  },
}));

const columns: FieldInfo[] = ["A", "B", "C"].map((title) => ({ id: title, title, uidt: "SingleLineText" }));
const handlers: { current: RowHandlers } = {
  current: {
    onCellClick: () => undefined,
    onCellEnter: () => undefined,
    onCellDoubleClick: () => undefined,
    onEditText: () => null,
    onEditKey: () => undefined,
    onEditBlur: () => undefined,
    onEditValue: () => null,
    onEditDone: () => undefined,
  },
};

/** A GridRow of record 1 (row 0) over `fields`, laid out 100 px a field. */
function rowOf(store: EditingStore, fields: FieldInfo[], record: RecordRow, activeCol: number, more: { handlers?: { current: RowHandlers }; canEdit?: boolean } = {}) {
  return (
    <GridRow
      gridId="g"
      row={0}
      top={0}
      record={record}
      commentCount={undefined}
      tableId="t"
      pkName="Id"
      shared={false}
      canEdit={more.canEdit ?? false}
      columns={fields}
      colFirst={0}
      colLast={fields.length - 1}
      frozen={0}
      frozenWidth={0}
      lefts={fields.map((_, i) => i * 100)}
      widths={fields.map(() => 100)}
      width={fields.length * 100}
      activeCol={activeCol}
      blockLeft={-1}
      blockRight={-1}
      editingStore={store}
      handlers={more.handlers ?? handlers}
    />
  );
}

describe("GridRow", () => {
  it("draws the edited cell alone when an editor opens in it", () => {
    const store = new EditingStore();
    const row = (activeCol: number) => rowOf(store, columns, { Id: 1, A: "a", B: "b", C: "c" }, activeCol);
    const { rerender } = render(row(1));
    expect(drawn).toEqual(["A", "B", "C"]);
    drawn.length = 0;
    act(() => store.open({ row: 0, col: 1, text: "x", typed: "x", error: null, saving: false }));
    const editor = screen.getByTestId("cell-editor") as HTMLInputElement;
    expect(editor.value).toBe("x");
    expect(editor.closest(".wb-cell")?.className).toBe("wb-cell wb-cell-active wb-cell-editing");
    expect(drawn).toEqual([]);
    act(() => store.open(null));
    expect(drawn).toEqual(["B"]);
    drawn.length = 0;
    // Moving the active cell draws again the two cells it leaves and enters, not their values.
    rerender(row(2));
    expect(drawn).toEqual([]);
  });

  it("does not draw the editor again for the value it reports as it opens, and draws its next report", async () => {
    const store = new EditingStore();
    let reports = 0;
    const reporting: { current: RowHandlers } = {
      current: {
        ...handlers.current,
        onEditValue: (value) => {
          reports += 1;
          return { ...store.current()!, value: { v: value } };
        },
      },
    };
    render(rowOf(store, columns.slice(0, 1), { Id: 1, A: "a" }, 0, { handlers: reporting }));
    act(() => store.open({ row: 0, col: 0, text: "x", typed: "x", error: null, saving: false }));
    const editor = screen.getByTestId("cell-editor");
    expect(reports).toBe(1);
    const renders = Number(editor.dataset.renders);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(editor.dataset.renders).toBe(String(renders));
    expect(editor.dataset.value).toBe("");
    act(() => screen.getByTestId("report-xy").click());
    expect(editor.dataset.value).toBe("xy");
  });

  it("keeps the active cell's text editor ready, hidden, and shows that same input when the edit opens", () => {
    const store = new EditingStore();
    const row = (activeCol: number) => rowOf(store, columns, { Id: 1, A: "a", B: "b", C: "c" }, activeCol, { canEdit: true });
    const { container, rerender } = render(row(1));
    const ready = screen.getByTestId("cell-editor");
    expect(ready.dataset.standby).toBe("yes");
    expect(ready.closest(".wb-cell")?.getAttribute("data-col")).toBe("1");
    expect(ready.closest(".wb-cell-editor")?.className).toBe("wb-cell-editor wb-cell-editor-ready wb-cell-editor-standby");
    drawn.length = 0;
    act(() => store.open({ row: 0, col: 1, text: "x", typed: "x", error: null, saving: false }));
    expect(screen.getByTestId("cell-editor")).toBe(ready);
    expect(ready.dataset.standby).toBe("no");
    expect(ready.closest(".wb-cell-editor")?.className).toBe("wb-cell-editor wb-cell-editor-ready");
    // The value stays drawn under the editor.
    expect(drawn).toEqual([]);
    expect(container.querySelector(".wb-cell-editing")?.textContent).toBe("b");
    act(() => store.open(null));
    expect(ready.dataset.standby).toBe("yes");
    // The ready editor moves with the active cell.
    rerender(row(2));
    expect(screen.getByTestId("cell-editor").closest(".wb-cell")?.getAttribute("data-col")).toBe("2");
  });
});
