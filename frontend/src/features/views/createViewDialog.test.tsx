// The create-view dialog proposes the first fitting field, also when the table's columns
// arrive after it opened (a kanban needs its stacking field before it can be created).
import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { Column } from "../tables/api";
import { CreateViewDialog } from "./CreateViewDialog";

const status = { id: "cl_status", title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "Todo" }] } } as unknown as Column;
const name = { id: "cl_name", title: "Name", uidt: "SingleLineText" } as unknown as Column;

function LateColumns({ onSubmit, load }: { onSubmit(view: unknown): void; load: { current: () => void } }) {
  const [columns, setColumns] = useState<Column[]>([]);
  load.current = () => setColumns([name, status]);
  return <CreateViewDialog kind="kanban" columns={columns} taken={["Grid"]} onSubmit={onSubmit} onCancel={vi.fn()} />;
}

describe("CreateViewDialog", () => {
  it("takes the stacking field of columns that arrive after it opened", () => {
    const onSubmit = vi.fn();
    const load = { current: () => {} };
    renderWithProviders(<LateColumns onSubmit={onSubmit} load={load} />);
    expect((screen.getByTestId("view-create-submit") as HTMLButtonElement).disabled).toBe(true);
    act(() => load.current());
    const submit = screen.getByTestId("view-create-submit") as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ groupColumnId: "cl_status" }));
  });
});

type Opening = { kind: "form" | "kanban" | null; copyOf?: string };

function Reopening({ show }: { show: { current: (next: Opening) => void } }) {
  const [opening, setOpening] = useState<Opening>({ kind: "form", copyOf: "Order form" });
  show.current = setOpening;
  const taken = ["Grid", "Order form", "Order form_1"];
  return <CreateViewDialog kind={opening.kind} copyOf={opening.copyOf} columns={[name, status]} taken={taken} onSubmit={vi.fn()} onCancel={vi.fn()} />;
}

describe("CreateViewDialog reopened", () => {
  it("starts afresh when reopened for another view while the last one is still closing", () => {
    const show = { current: (_next: Opening) => {} };
    renderWithProviders(<Reopening show={show} />);
    expect((screen.getByTestId("view-title-input") as HTMLInputElement).value).toBe("Order form_2");
    act(() => show.current({ kind: null }));
    act(() => show.current({ kind: "kanban" }));
    expect((screen.getByTestId("view-title-input") as HTMLInputElement).value).toBe("Kanban");
    expect((screen.getByTestId("view-create-submit") as HTMLButtonElement).disabled).toBe(false);
  });
});
