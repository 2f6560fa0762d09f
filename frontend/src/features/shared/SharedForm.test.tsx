// The shared form as a visitor uses it: required fields stop the submission with their
// message, survey mode asks one field at a time, attachments travel as `_<title>` files
// beside the `data` JSON, a failed submission keeps what was typed.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useReducer } from "react";
import { describe, expect, it, vi } from "vitest";
import type { EditorProps } from "../../plugins/hostApi";
import { setLoadedPlugins } from "../../plugins/registry";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { SharedViewMeta } from "./api";
import { SharedForm } from "./SharedForm";
import { initialSharedState, sharedReducer } from "./sharedState";

const meta: SharedViewMeta = {
  id: "vw_1",
  title: "Orders",
  type: 1,
  uuid: "u-1",
  model: {
    id: "md_1",
    title: "Orders",
    columns: [
      { id: "c_id", title: "Id", uidt: "ID", pk: true, ai: true, system: false, show: false },
      { id: "c_name", title: "Name", uidt: "SingleLineText" },
      { id: "c_files", title: "Files", uidt: "Attachment" },
    ],
  },
  columns: [
    { id: "fc1", fk_column_id: "c_name", show: true, order: 1, required: true, label: "Your name" },
    { id: "fc2", fk_column_id: "c_files", show: true, order: 2 },
  ],
  view: { heading: "Order", success_msg: "Thanks!", show_blank_form: false },
};

function Harness({ survey }: { survey?: boolean }) {
  const [state, dispatch] = useReducer(sharedReducer, { ...initialSharedState, status: "ready", password: "pw" });
  return <SharedForm meta={meta} uuid="u-1" state={state} dispatch={dispatch} survey={survey} />;
}

function fakeFetch(status = 200, body: unknown = { Name: "Ann" }) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

describe("shared form", () => {
  it("refuses to submit without a required field, then posts data and files with the password", async () => {
    const fetch = fakeFetch();
    renderWithProviders(<Harness />, { fetch });
    fireEvent.click(screen.getByTestId("form-submit"));
    expect(await screen.findByText("Your name is required")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId("form-input-Name"), { target: { value: "Ann" } });
    expect(screen.queryByText("Your name is required")).toBeNull();
    const file = new File(["hello"], "note.txt", { type: "text/plain" });
    fireEvent.change(document.getElementById("form-field-c_files")!, { target: { files: [file] } });
    fireEvent.click(screen.getByTestId("form-submit"));

    expect(await screen.findByText("Thanks!")).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/db/public/shared-view/u-1/rows");
    expect(new Headers(init.headers).get("xc-password")).toBe("pw");
    const body = init.body as FormData;
    expect(JSON.parse(body.get("data") as string)).toEqual({ Name: "Ann" });
    expect((body.getAll("_Files")[0] as File).name).toBe("note.txt");
  });

  it("keeps the typed values when the server refuses the submission", async () => {
    const fetch = fakeFetch(400, { msg: "Name is too long" });
    renderWithProviders(<Harness />, { fetch });
    fireEvent.change(screen.getByTestId("form-input-Name"), { target: { value: "Ann" } });
    fireEvent.click(screen.getByTestId("form-submit"));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect((screen.getByTestId("form-submit") as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByTestId("form-input-Name") as HTMLInputElement).value).toBe("Ann");
    expect(screen.queryByTestId("form-submitted")).toBeNull();
  });

  it("in survey mode asks one field at a time and checks each before moving on", async () => {
    const fetch = fakeFetch();
    renderWithProviders(<Harness survey />, { fetch });
    expect(screen.getByTestId("form-input-Name")).toBeTruthy();
    expect(screen.queryByTestId("form-field-Files")).toBeNull();
    fireEvent.click(screen.getByTestId("survey-next"));
    expect(await screen.findByText("Your name is required")).toBeTruthy();
    fireEvent.change(screen.getByTestId("form-input-Name"), { target: { value: "Ann" } });
    fireEvent.click(screen.getByTestId("survey-next"));
    expect(await screen.findByTestId("form-field-Files")).toBeTruthy();
    expect(screen.queryByTestId("form-input-Name")).toBeNull();
    fireEvent.click(screen.getByTestId("survey-back"));
    expect((screen.getByTestId("form-input-Name") as HTMLInputElement).value).toBe("Ann");
    fireEvent.click(screen.getByTestId("survey-next"));
    fireEvent.click(screen.getByTestId("form-submit"));
    expect(await screen.findByText("Thanks!")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("gives a field its type's own editor (form variant) once the type's bundle has loaded", async () => {
    const seen: { variant?: string; inputId?: string }[] = [];
    const Editor = ({ value, onChange, variant, inputId }: EditorProps) => {
      seen.push({ variant, inputId });
      return <input id={inputId} data-testid="plugin-editor" value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value.toUpperCase())} />;
    };
    setLoadedPlugins({ plugins: [{ id: "field_text", fieldTypes: { SingleLineText: { Editor } } }], failed: [] });
    try {
      const fetch = fakeFetch();
      renderWithProviders(<Harness />, { fetch });
      fireEvent.change(screen.getByTestId("plugin-editor"), { target: { value: "ann" } });
      expect(seen.at(-1)).toEqual({ variant: "form", inputId: "form-field-c_name" });
      // The file field keeps the host's file input.
      expect(document.getElementById("form-field-c_files")?.getAttribute("type")).toBe("file");
      fireEvent.click(screen.getByTestId("form-submit"));
      expect(await screen.findByText("Thanks!")).toBeTruthy();
      const body = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
      expect(JSON.parse(String(body.get("data")))).toMatchObject({ Name: "ANN" });
    } finally {
      setLoadedPlugins({ plugins: [], failed: [] });
    }
  });
});
