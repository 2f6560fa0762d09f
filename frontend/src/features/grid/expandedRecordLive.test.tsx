// The expanded record form under live changes: someone's edit to the record is read in for
// the fields not being edited (their editors start again from the new value), what the user
// typed or picked stays; a record deleted meanwhile says so and cannot be saved; changes to
// other records or tables are not read.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { EditorProps } from "../../plugins/hostApi";
import { setLoadedPlugins } from "../../plugins/registry";
import { liveBus } from "../realtime/liveBus";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import type { Column } from "../tables/api";
import { ExpandedRecord } from "./ExpandedRecord";
import { refreshedForm } from "./recordForm";

/** A plugin editor that keeps its own state from the value it started with. */
function StarsEditor({ value, onChange }: EditorProps) {
  const [n, setN] = useState(Number(value ?? 0));
  return (
    <button
      type="button"
      data-testid="stars"
      onClick={() => {
        setN(n + 1);
        onChange(n + 1);
      }}
    >
      {n}
    </button>
  );
}

const columns = [
  { id: "c0", title: "Id", uidt: "ID", pk: true },
  { id: "c1", title: "Name", uidt: "SingleLineText", pv: true },
  { id: "c2", title: "Note", uidt: "SingleLineText" },
  { id: "c3", title: "Stars", uidt: "Rating" },
] as Column[];
const record = { Id: 1, Name: "alpha", Note: "first", Stars: 2 };

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderForm(server: { status: number; body: unknown }) {
  const reads: string[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    reads.push(String(url instanceof Request ? url.url : url));
    return respond(server.status, server.body);
  });
  const { store } = renderWithProviders(
    <ExpandedRecord tableId="md_t" pkName="Id" record={record} columns={columns} canEdit onClose={() => undefined} />,
    { fetch: fetch as unknown as typeof globalThis.fetch, notify: vi.fn() },
  );
  store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
  return { reads };
}

const inputs = () => screen.getAllByTestId("record-input") as HTMLInputElement[];

afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

describe("expanded record under live changes", () => {
  it("reads someone's edit in for the untouched fields and keeps what the user typed and picked", async () => {
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: StarsEditor } } }], failed: [] });
    const server = { status: 200, body: { ...record, Name: "beta", Note: "theirs", Stars: 4 } as unknown };
    const { reads } = renderForm(server);
    fireEvent.change(inputs()[1], { target: { value: "mine" } }); // Name
    act(() => liveBus.emitRecords({ tableId: "md_t", ids: [1] }));
    await waitFor(() => expect(inputs()[2].value).toBe("theirs")); // Note, untouched
    expect(inputs()[1].value).toBe("mine");
    expect(screen.getByTestId("stars").textContent).toBe("4"); // the editor started again
    expect(reads).toHaveLength(1);

    // A value picked in an editor stays too.
    act(() => {
      fireEvent.click(screen.getByTestId("stars"));
    });
    server.body = { ...record, Name: "beta", Note: "again", Stars: 1 };
    act(() => liveBus.emitRecords({ tableId: "md_t", ids: null }));
    await waitFor(() => expect(inputs()[2].value).toBe("again"));
    expect(screen.getByTestId("stars").textContent).toBe("5");
  });

  it("does not read changes of other records or tables", () => {
    const { reads } = renderForm({ status: 200, body: record });
    act(() => {
      liveBus.emitRecords({ tableId: "md_t", ids: [2, 3] });
      liveBus.emitRecords({ tableId: "md_other", ids: [1] });
    });
    expect(reads).toEqual([]);
  });

  it("says a record deleted meanwhile is gone and no longer saves it", async () => {
    const server = { status: 200, body: { ...record, Note: "edited" } as unknown };
    const { reads } = renderForm(server);
    act(() => liveBus.emitRecords({ tableId: "md_t", ids: [1] }));
    await waitFor(() => expect(inputs()[2].value).toBe("edited"));
    // Deleted after a first read: the failed read still holds that record, the error decides.
    Object.assign(server, { status: 404, body: { msg: "Record '1' not found" } });
    expect(screen.queryByTestId("record-gone")).toBeNull();
    act(() => liveBus.emitRecords({ tableId: "md_t", ids: [1] }));
    await waitFor(() => expect(reads).toHaveLength(2));
    expect((await screen.findByTestId("record-gone")).textContent).toContain("deleted by someone else");
    expect((screen.getByTestId("record-save") as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("refreshed form", () => {
  it("renews untouched fields whose value changed and keeps touched ones", () => {
    const before = { Name: "a", Note: "n", Stars: 2 };
    const after = { Name: "b", Note: "m", Stars: 2 };
    const result = refreshedForm(columns.slice(1), before, after, { Stars: { v: 3 } }, { Name: "typed", Note: "n", Stars: "2" });
    expect(result.texts).toEqual({ Name: "typed", Note: "m", Stars: "2" });
    expect(result.renewed).toEqual(["Note"]);
  });
});
