// The create-view dialog starts afresh each time it opens (the settings a type asks for come
// from its bundle: viewBundles.test.tsx).
import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { Column } from "../tables/api";
import { CreateViewDialog } from "./CreateViewDialog";

const status = { id: "cl_status", title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "Todo" }] } } as unknown as Column;
const name = { id: "cl_name", title: "Name", uidt: "SingleLineText" } as unknown as Column;

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
