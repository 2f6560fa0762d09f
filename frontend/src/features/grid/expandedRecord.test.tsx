// The expanded record form edits each field with its field type's plugin Editor (in its "form"
// variant), falls back to the host's input when the editor fails or the type has none, sends
// only what changed and shows the server's error under the field it names.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { EditorProps } from "../../plugins/hostApi";
import { setLoadedPlugins } from "../../plugins/registry";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import type { Column } from "../tables/api";
import { ExpandedRecord } from "./ExpandedRecord";
import { changedValues, fieldOfError } from "./recordForm";

function StarsEditor({ value, onChange, variant, inputId }: EditorProps) {
  const [n, setN] = useState(Number(value ?? 0));
  return (
    <button
      type="button"
      id={inputId}
      data-testid="stars"
      data-variant={variant}
      onClick={() => {
        setN(n + 1);
        onChange(n + 1);
      }}
    >
      {n}
    </button>
  );
}

const Broken = (): never => {
  throw new Error("boom");
};

const columns = [
  { id: "c0", title: "Id", uidt: "ID", pk: true },
  { id: "c1", title: "Name", uidt: "SingleLineText", pv: true },
  { id: "c2", title: "Stars", uidt: "Rating" },
  { id: "c3", title: "Done", uidt: "Checkbox" },
] as Column[];
const record = { Id: 1, Name: "alpha", Stars: 2, Done: false };
const noop = () => undefined;

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderForm(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? (url instanceof Request ? url.method : "GET");
    if (method === "PATCH") {
      const body = (url instanceof Request ? await url.json() : JSON.parse(String(init?.body))) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }
    return respond(200, record);
  });
  const onClose = vi.fn();
  const { store } = renderWithProviders(
    <ExpandedRecord tableId="md_t" pkName="Id" record={record} columns={columns} canEdit onClose={onClose} />,
    { fetch: fetch as unknown as typeof globalThis.fetch, notify: vi.fn() },
  );
  store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
  return { sent, onClose };
}

afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

describe("expanded record form", () => {
  it("edits a field with its plugin editor in the form variant, its label pointing to it", async () => {
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: StarsEditor } } }], failed: [] });
    const { sent, onClose } = renderForm(() => respond(200, [{ Id: 1 }]));
    const stars = screen.getByTestId("stars");
    expect(stars.dataset.variant).toBe("form");
    expect(screen.getByLabelText(/^Stars/)).toBe(stars);
    act(() => {
      fireEvent.click(stars);
    });
    fireEvent.click(screen.getByTestId("record-save"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ Id: 1, Stars: 3 }]);
  });

  it("falls back to the host's inputs when the editor fails or the type has none", async () => {
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: Broken } } }], failed: [] });
    const warn = vi.spyOn(console, "warn").mockImplementation(noop);
    const error = vi.spyOn(console, "error").mockImplementation(noop);
    const { sent, onClose } = renderForm(() => respond(200, [{ Id: 1 }]));
    warn.mockRestore();
    error.mockRestore();
    expect(screen.queryByTestId("record-editor")).toBeNull();
    const inputs = screen.getAllByTestId("record-input") as HTMLInputElement[];
    expect(inputs.map((i) => i.value)).toEqual(["1", "alpha", "2"]);
    expect(inputs[0].readOnly).toBe(true);
    fireEvent.change(inputs[2], { target: { value: "4" } });
    fireEvent.click(screen.getByTestId("record-check"));
    fireEvent.click(screen.getByTestId("record-save"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ Id: 1, Stars: 4, Done: true }]);
  });

  it("shows the server's error under the field it names and keeps what was given", async () => {
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: StarsEditor } } }], failed: [] });
    const { onClose } = renderForm(() => respond(422, { msg: "Invalid value for field 'Stars': expected at most 5" }));
    act(() => {
      fireEvent.click(screen.getByTestId("stars"));
    });
    fireEvent.click(screen.getByTestId("record-save"));
    const message = await screen.findByTestId("record-error");
    expect(message.textContent).toContain("expected at most 5");
    expect(message.closest(".bp6-form-group")?.querySelector("[data-testid=stars]")).not.toBeNull();
    expect(screen.getByTestId("stars").textContent).toBe("3");
    expect(document.activeElement).toBe(screen.getByTestId("stars"));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows an error naming no field of the form above it", async () => {
    setLoadedPlugins({ plugins: [{ id: "rating", fieldTypes: { Rating: { Editor: StarsEditor } } }], failed: [] });
    renderForm(() => respond(403, { msg: "Not allowed" }));
    act(() => {
      fireEvent.click(screen.getByTestId("stars"));
    });
    fireEvent.click(screen.getByTestId("record-save"));
    const message = await screen.findByTestId("record-error");
    expect(message.textContent).toBe("Not allowed");
    expect(message.classList.contains("bp6-callout")).toBe(true);
  });
});

describe("record form values", () => {
  it("sends editors' values and changed text only", () => {
    const cols = columns.slice(1);
    expect(changedValues(cols, record, { Stars: { v: 2 }, Done: { v: true } }, { Name: "alpha" })).toEqual({ Done: true });
    expect(changedValues(cols, record, {}, { Name: "", Stars: "x" })).toEqual({ Name: null, Stars: "x" });
  });

  it("finds the field a message names, the longest title first", () => {
    const cols = [{ title: "A" }, { title: "A b" }] as Column[];
    expect(fieldOfError("Invalid value for field 'A b': no", cols)).toBe("A b");
    expect(fieldOfError("Invalid value for field 'A': no", cols)).toBe("A");
    expect(fieldOfError("Something else", cols)).toBeNull();
  });
});
