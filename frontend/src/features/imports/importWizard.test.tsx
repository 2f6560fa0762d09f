// The wizard against a fake server: the file checked before the upload, the upload with its
// progress and headers (a fake XMLHttpRequest), the template editor's rules, the start with
// the edited template, progress from polling and from socket events, the mapping onto an
// existing table, and cancelling a running import.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import { setLoadedPlugins } from "../../plugins/registry";
import { CapabilitiesContext, capabilities } from "../projects/permissions";
import { ImportActions, ImportIntoTableButton } from "./ImportActions";
import { ImportProvider } from "./ImportContext";
import { RecentImports } from "./RecentImports";
import { handleImportMessage } from "./importEvents";
import { ImportWizard, type WizardRequest } from "./ImportWizard";
import { peopleJob, peopleTemplate } from "../../test/importJobs";
import type { ImportJob } from "./types";

const token = `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.y`;

const columns = peopleTemplate.tables[0].columns;
const job = peopleJob;

class FakeXhr {
  static last: FakeXhr | null = null;
  headers: Record<string, string> = {};
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  responseText = "";
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const respond = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function renderWizard(request: WizardRequest, answer: (req: Sent) => Response | undefined) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const req = { method: init?.method ?? "GET", url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    sent.push(req);
    return answer(req) ?? respond(404, { msg: "not here" });
  });
  const onOpenTable = vi.fn();
  const onClose = vi.fn();
  const { store } = renderWithProviders(
    <ImportWizard projectId="p_1" request={request} takenTables={["Orders"]} onClose={onClose} onOpenTable={onOpenTable} />,
    { fetch: fetch as unknown as typeof globalThis.fetch, notify: vi.fn() },
  );
  act(() => {
    store.dispatch(settingsLoaded({ ...defaultSettings(), token }));
  });
  return { sent, onOpenTable, onClose };
}

const fileInput = () => screen.getByTestId("import-file-input") as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const column = (ref: string) => screen.getAllByTestId("import-column").find((r) => r.dataset.ref === ref)!;

async function upload(preview: ImportJob) {
  choose(new File(["Name,Age,Mail\nAda,36,ada@example.com\n"], "people.csv", { type: "text/csv" }));
  fireEvent.click(screen.getByTestId("import-upload"));
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  const xhr = FakeXhr.last!;
  act(() => xhr.progress(50, 100));
  expect(screen.getByTestId("import-upload-progress").textContent).toContain("50%");
  await act(async () => xhr.answer(201, preview));
  await screen.findByTestId("import-template");
  return xhr;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLoadedPlugins({ plugins: [], failed: [] });
});

describe("ImportWizard", () => {
  it("imports a CSV into a new table: checks the file, uploads, edits the template, follows the progress", async () => {
    const { sent, onOpenTable } = renderWizard({ types: ["csv"] }, (req) => {
      if (req.url.endsWith("/imports/im_1/start")) return respond(202, job({ status: "running", updated_at: "2026-11-24T08:00:01Z" }));
      if (req.url.endsWith("/imports/im_1")) return respond(200, job({ status: "running", rows_done: { people: 300 }, updated_at: "2026-11-24T08:00:02Z" }));
      return undefined;
    });

    // A file the importer does not take is refused before any upload.
    choose(new File(["x"], "notes.txt"));
    expect(screen.getByTestId("import-file-error").textContent).toBe("notes.txt: target file is not an accepted file type. Accepted types: .csv");
    expect((screen.getByTestId("import-upload") as HTMLButtonElement).disabled).toBe(true);

    const xhr = await upload(job());
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/v1/db/meta/projects/p_1/imports");
    expect(xhr.headers).toMatchObject({ "xc-gui": "true", "xc-auth": token });
    expect((xhr.body!.get("file") as File).name).toBe("people.csv");
    expect(JSON.parse(String(xhr.body!.get("options")))).toEqual({
      type: "csv", firstRowAsHeaders: true, encoding: "utf-8", delimiter: null, table_id: null,
    });
    expect(screen.getAllByTestId("import-preview-row")).toHaveLength(2);

    // Table and column names are checked as the user types.
    const tableName = screen.getByTestId("import-table-name") as HTMLInputElement;
    const start = () => screen.getByTestId("import-start") as HTMLButtonElement;
    fireEvent.change(tableName, { target: { value: "orders" } });
    expect(screen.getByText("A table with this name already exists")).toBeTruthy();
    expect(start().disabled).toBe(true);
    fireEvent.change(tableName, { target: { value: "a/b" } });
    expect(screen.getByText("Table name cannot contain . / or \\")).toBeTruthy();
    fireEvent.change(tableName, { target: { value: "Staff" } });
    const ageName = within(column("Age")).getByTestId("import-column-name");
    fireEvent.change(ageName, { target: { value: "name" } });
    expect(within(column("Age")).getByTestId("import-column-error").textContent).toBe("A field with this name already exists");
    expect(start().disabled).toBe(true);
    fireEvent.change(ageName, { target: { value: "Years" } });
    // Each input is labelled with its column (and the table name with its label).
    expect(screen.getByLabelText("Table name")).toBe(tableName);
    expect(screen.getByLabelText("Field name for Age")).toBe(ageName);
    fireEvent.change(screen.getByLabelText("Field type for Age"), { target: { value: "Decimal" } });
    fireEvent.click(within(column("Mail")).getByTestId("import-column-include"));
    expect(start().disabled).toBe(false);

    fireEvent.click(start());
    await screen.findByTestId("import-progress");
    const startCall = sent.find((s) => s.url.endsWith("/start"))!;
    expect(startCall.method).toBe("POST");
    expect(startCall.body).toEqual({
      template: {
        tables: [
          {
            table_name: "Staff",
            ref_table_name: "people",
            columns: [
              { column_name: "Name", ref_column_name: "Name", uidt: "SingleLineText", meta: {}, dtxp: "" },
              { column_name: "Years", ref_column_name: "Age", uidt: "Decimal", meta: {}, dtxp: "" },
            ],
          },
        ],
      },
    });
    expect(screen.getByTestId("import-records").textContent).toBe("0 of 1,200 records");

    // Polled every second ...
    await waitFor(() => expect(screen.getByTestId("import-records").textContent).toBe("300 of 1,200 records"), { timeout: 3000 });
    // ... and pushed by the socket; an older state does not win.
    act(() => handleImportMessage({ event: "import", data: { ...job({ status: "running", rows_done: { people: 900 }, updated_at: "2026-11-24T08:00:03Z" }), template: undefined, preview: undefined } }));
    expect(screen.getByTestId("import-records").textContent).toBe("900 of 1,200 records");
    act(() => handleImportMessage({ event: "import", data: job({ status: "running", rows_done: { people: 100 }, updated_at: "2026-11-24T08:00:02Z" }) }));
    expect(screen.getByTestId("import-records").textContent).toBe("900 of 1,200 records");
    act(() =>
      handleImportMessage({
        event: "import",
        data: job({
          status: "done",
          rows_done: { people: 1199 },
          updated_at: "2026-11-24T08:00:04Z",
          tables: [{ id: "md_staff", title: "Staff" }],
          error_count: 1,
          errors: [{ table: "people", row: 17, column: "Age", msg: "not a number" }],
        }),
      }),
    );
    expect(screen.getByTestId("import-progress").dataset.status).toBe("done");
    expect(onOpenTable).toHaveBeenCalledWith("Staff");
    expect(within(screen.getByTestId("import-errors")).getByTestId("import-error-row").textContent).toBe("17Agenot a number");
    fireEvent.click(screen.getByTestId("import-open-table"));
    expect(onOpenTable).toHaveBeenCalledTimes(2);
  });

  it("maps the columns onto an existing table's fields and flags required ones left out", async () => {
    const table = {
      id: "md_t",
      title: "People",
      columns: [
        { id: "cl_id", title: "Id", uidt: "ID", pk: true, ai: true },
        { id: "cl_name", title: "name", uidt: "SingleLineText", rqd: true },
        { id: "cl_years", title: "Years", uidt: "Number" },
      ],
    };
    const { sent } = renderWizard({ types: ["csv"], table: { id: "md_t", title: "People" } }, (req) => {
      if (req.url.endsWith("/tables/md_t")) return respond(200, table);
      if (req.url.endsWith("/start")) return respond(202, job({ status: "running", table_id: "md_t", updated_at: "2026-11-24T08:00:01Z" }));
      return undefined;
    });
    expect(screen.getByText("Import into People")).toBeTruthy();
    const xhr = await upload(job({ table_id: "md_t" }));
    expect(JSON.parse(String(xhr.body!.get("options"))).table_id).toBe("md_t");
    await waitFor(() => expect((within(column("Name")).getByTestId("import-column-map") as HTMLSelectElement).value).toBe("cl_name"));
    expect((screen.getByLabelText("Field for Age") as HTMLSelectElement).value).toBe("");
    expect(screen.queryByTestId("import-table-name")).toBeNull();

    fireEvent.change(within(column("Name")).getByTestId("import-column-map"), { target: { value: "" } });
    expect(screen.getByTestId("import-required-unmapped").textContent).toBe("Required fields without a column: name");
    expect((screen.getByTestId("import-start") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(column("Name")).getByTestId("import-column-map"), { target: { value: "cl_name" } });
    fireEvent.change(within(column("Age")).getByTestId("import-column-map"), { target: { value: "cl_years" } });
    fireEvent.click(screen.getByTestId("import-start"));
    await screen.findByTestId("import-progress");
    expect(sent.find((s) => s.url.endsWith("/start"))!.body).toMatchObject({
      column_map: { Name: "cl_name", Age: "cl_years", Mail: null },
    });
  });

  it("imports one sheet of a workbook into an existing table, the one chosen", async () => {
    const table = { id: "md_t", title: "People", columns: [{ id: "cl_name", title: "Name", uidt: "SingleLineText" }] };
    const { sent } = renderWizard({ types: ["csv", "excel"], table: { id: "md_t", title: "People" } }, (req) => {
      if (req.url.endsWith("/tables/md_t")) return respond(200, table);
      if (req.url.endsWith("/start")) return respond(202, job({ status: "running", table_id: "md_t", updated_at: "2026-11-24T08:00:01Z" }));
      return undefined;
    });
    const second = [{ column_name: "name", ref_column_name: "name", uidt: "SingleLineText", meta: {}, dtxp: "" }];
    await upload(
      job({
        type: "excel",
        table_id: "md_t",
        template: { tables: [{ table_name: "people", ref_table_name: "people", columns }, { table_name: "Sheet2", ref_table_name: "Sheet2", columns: second }] },
      }),
    );
    expect(screen.getAllByTestId("import-table")).toHaveLength(1);
    fireEvent.change(screen.getByTestId("import-sheet"), { target: { value: "Sheet2" } });
    expect(screen.getAllByTestId("import-table").map((t) => t.dataset.ref)).toEqual(["Sheet2"]);
    await waitFor(() => expect((within(column("name")).getByTestId("import-column-map") as HTMLSelectElement).value).toBe("cl_name"));
    fireEvent.click(screen.getByTestId("import-start"));
    await screen.findByTestId("import-progress");
    expect(sent.find((s) => s.url.endsWith("/start"))!.body).toEqual({
      template: { tables: [{ table_name: "Sheet2", ref_table_name: "Sheet2", columns: second }] },
      column_map: { name: "cl_name" },
    });
  });

  it("creates tables from the sheets kept of a workbook", async () => {
    const { sent } = renderWizard({ types: ["excel"] }, (req) =>
      req.url.endsWith("/start") ? respond(202, job({ status: "running", type: "excel", updated_at: "2026-11-24T08:00:01Z" })) : undefined,
    );
    choose(new File(["x"], "book.xlsx"));
    fireEvent.click(screen.getByTestId("import-upload"));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const sheet2 = { table_name: "Sheet2", ref_table_name: "Sheet2", columns };
    await act(async () => FakeXhr.last!.answer(201, job({ type: "excel", template: { tables: [{ table_name: "people", ref_table_name: "people", columns }, sheet2] } })));
    await screen.findByTestId("import-template");
    const includes = screen.getAllByTestId("import-table-include");
    expect(includes).toHaveLength(2);
    fireEvent.click(includes[0]);
    expect(screen.getAllByTestId("import-table-name")).toHaveLength(1);
    fireEvent.click(includes[1]);
    expect(screen.getByTestId("import-no-tables").textContent).toBe("Choose at least one sheet to import");
    expect((screen.getByTestId("import-start") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(includes[0]);
    fireEvent.click(screen.getByTestId("import-start"));
    await screen.findByTestId("import-progress");
    expect((sent.find((s) => s.url.endsWith("/start"))!.body as { template: { tables: { ref_table_name: string }[] } }).template.tables.map((t) => t.ref_table_name)).toEqual(["people"]);
  });

  it("takes a dropped file, shows its size, and goes back to the file from the template", async () => {
    const { sent } = renderWizard({ types: ["csv"] }, (req) => (req.method === "DELETE" ? respond(200, job({ status: "cancelled" })) : undefined));
    const drop = screen.getByTestId("import-drop");
    const file = new File(["x".repeat(3000)], "people.csv");
    fireEvent.dragOver(drop, { dataTransfer: { files: [file] } });
    expect(drop.className).toContain("wb-import-drop-over");
    fireEvent.drop(drop, { dataTransfer: { files: [file] } });
    expect(drop.className).not.toContain("wb-import-drop-over");
    expect(screen.getByTestId("import-file").textContent).toBe("people.csv 2.9 KB");
    fireEvent.click(screen.getByTestId("import-upload"));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    await act(async () => FakeXhr.last!.answer(201, job()));
    await screen.findByTestId("import-template");
    fireEvent.click(screen.getByTestId("import-back"));
    expect(screen.getByTestId("import-drop")).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.method === "DELETE")).toHaveLength(1));
  });

  it("discards the uploaded file when closed on the template", async () => {
    const { sent, onClose } = renderWizard({ types: ["csv"] }, (req) =>
      req.method === "DELETE" ? respond(200, job({ status: "cancelled" })) : undefined,
    );
    await upload(job());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(sent.filter((s) => s.method === "DELETE").map((s) => s.url)).toEqual(["/api/v1/db/meta/imports/im_1"]));
  });

  it("refreshes the token once when the upload is refused with 401, and sends again", async () => {
    const fresh = `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 7200 }))}.z`;
    const { sent } = renderWizard({ types: ["csv"] }, (req) =>
      req.url.endsWith("/auth/refresh-token") ? respond(200, { token: fresh }) : undefined,
    );
    choose(new File(["a\n1\n"], "a.csv"));
    fireEvent.click(screen.getByTestId("import-upload"));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const first = FakeXhr.last!;
    FakeXhr.last = null;
    await act(async () => first.answer(401, { msg: "Unauthorized" }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(sent.filter((s) => s.url.endsWith("/auth/refresh-token"))).toHaveLength(1);
    expect(FakeXhr.last!.headers["xc-auth"]).toBe(fresh);
    await act(async () => FakeXhr.last!.answer(201, job()));
    await screen.findByTestId("import-template");
  });

  it("cancels a running import after a confirmation", async () => {
    const { sent, onClose } = renderWizard({ types: ["csv"] }, (req) => {
      if (req.url.endsWith("/start")) return respond(202, job({ status: "running", updated_at: "2026-11-24T08:00:01Z" }));
      if (req.method === "DELETE") return respond(200, job({ status: "cancelled", updated_at: "2026-11-24T08:00:09Z" }));
      if (req.url.endsWith("/imports/im_1")) return respond(200, job({ status: "running", updated_at: "2026-11-24T08:00:01Z" }));
      return undefined;
    });
    await upload(job());
    fireEvent.click(screen.getByTestId("import-start"));
    await screen.findByTestId("import-progress");
    fireEvent.click(screen.getByTestId("import-cancel"));
    expect(sent.some((s) => s.method === "DELETE")).toBe(false);
    fireEvent.click(await screen.findByText("Cancel import", { selector: ".bp6-alert-footer *" }));
    await waitFor(() => expect(screen.getByTestId("import-progress").dataset.status).toBe("cancelled"));
    expect(sent.filter((s) => s.method === "DELETE").map((s) => s.url)).toEqual(["/api/v1/db/meta/imports/im_1"]);
    expect(screen.getByTestId("import-cancelled")).toBeTruthy();
    fireEvent.click(screen.getByTestId("import-close"));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows an importer plugin's options component and sends what it sets", async () => {
    function SheetOptions({ onChange }: Record<string, unknown>) {
      return <button type="button" data-testid="sheet-option" onClick={() => (onChange as (p: object) => void)({ sheet: "Second" })}>sheet</button>;
    }
    setLoadedPlugins({ plugins: [{ id: "xl", components: { "importer.excel.options": SheetOptions } }], failed: [] });
    renderWizard({ types: ["csv", "excel"] }, () => undefined);
    choose(new File(["x"], "people.csv"));
    expect(screen.queryByTestId("sheet-option")).toBeNull();
    expect(screen.getByTestId("import-delimiter")).toBeTruthy();
    choose(new File(["x"], "book.xlsx"));
    expect(screen.queryByTestId("import-delimiter")).toBeNull();
    fireEvent.click(screen.getByTestId("sheet-option"));
    fireEvent.click(screen.getByTestId("import-upload"));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(JSON.parse(String(FakeXhr.last!.body!.get("options")))).toMatchObject({ type: "excel", sheet: "Second" });
  });

  it("aborts an upload when closed, and opens clean again", async () => {
    const request = { types: ["csv" as const] };
    const fetch = vi.fn(async () => respond(404, {}));
    const onClose = vi.fn();
    const { store } = renderWithProviders(
      <ImportWizard projectId="p_1" request={request} takenTables={[]} onClose={onClose} onOpenTable={vi.fn()} />,
      { fetch: fetch as unknown as typeof globalThis.fetch },
    );
    act(() => {
      store.dispatch(settingsLoaded({ ...defaultSettings(), token }));
    });
    choose(new File(["a,b\n"], "a.csv"));
    fireEvent.click(screen.getByTestId("import-upload"));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const aborted = vi.spyOn(FakeXhr.last!, "abort");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(aborted).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
    await act(async () => {});
    // (The request stays open here: the wizard shows its first step again, clean.)
    expect(screen.getByTestId("import-drop")).toBeTruthy();
    expect(screen.queryByTestId("import-error")).toBeNull();
    expect(screen.queryByTestId("import-upload-progress")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the upload", async () => {
    renderWizard({ types: ["csv"] }, () => undefined);
    choose(new File([""], "empty.csv"));
    fireEvent.click(screen.getByTestId("import-upload"));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    await act(async () => FakeXhr.last!.answer(400, { msg: "The file is empty" }));
    expect((await screen.findByTestId("import-error")).textContent).toBe("The file is empty");
    expect(screen.queryByTestId("import-template")).toBeNull();
  });
});

describe("import actions", () => {
  const render = (roles: Record<string, boolean>) =>
    renderWithProviders(
      <CapabilitiesContext.Provider value={capabilities(roles)}>
        <ImportProvider projectId="p_1" takenTables={[]} onOpenTable={vi.fn()}>
          <ImportActions />
          <ImportIntoTableButton table={{ id: "md_t", title: "Parts" }} />
        </ImportProvider>
      </CapabilitiesContext.Provider>,
    );

  it("offer creators every import and editors CSV into an existing table only; viewers none", async () => {
    render({ creator: true });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Import CSV file", "Import Excel spreadsheet", "Import JSON file", "Import into this table"]);
    fireEvent.click(screen.getByTestId("import-into-table"));
    expect((await screen.findByTestId("import-file-input")).getAttribute("accept")).toBe(".csv,.xlsx,.xlsm,.xls,.ods,.ots,.json");
    cleanup();

    render({ editor: true });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Import into this table"]);
    fireEvent.click(screen.getByTestId("import-into-table"));
    expect((await screen.findByTestId("import-file-input")).getAttribute("accept")).toBe(".csv");
    cleanup();

    render({ viewer: true });
    expect(screen.queryAllByRole("button")).toEqual([]);
  });
});

describe("recent imports", () => {
  const onOpenTable = vi.fn();
  const renderList = (roles: Record<string, boolean>, list: ImportJob[]) => {
    const urls: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return respond(200, { list });
    });
    const { store } = renderWithProviders(
      <CapabilitiesContext.Provider value={capabilities(roles)}>
        <ImportProvider projectId="p_1" takenTables={[]} onOpenTable={onOpenTable}>
          <RecentImports projectId="p_1" />
        </ImportProvider>
      </CapabilitiesContext.Provider>,
      { fetch: fetch as unknown as typeof globalThis.fetch },
    );
    act(() => {
      store.dispatch(settingsLoaded({ ...defaultSettings(), token }));
    });
    return urls;
  };

  it("lists the caller's running and finished imports with their progress, not the previews", async () => {
    renderList({ editor: true }, [
      job({ id: "im_3", status: "preview", file_name: "draft.csv" }),
      job({ id: "im_2", status: "running", rows_done: { people: 600 } }),
      job({ id: "im_1", status: "done", file_name: "old.csv", rows_done: { people: 1200 }, tables: [{ id: "md_1", title: "people" }] }),
    ]);
    const rows = await screen.findAllByTestId("recent-import");
    expect(rows.map((r) => r.dataset.status)).toEqual(["running", "done"]);
    expect(within(rows[0]).getByTestId("import-records").textContent).toBe("600 of 1,200 records");
    fireEvent.click(within(rows[1]).getByTestId("recent-import-open"));
    expect((await screen.findByTestId("import-progress")).dataset.status).toBe("done");
    // Reopened once done, it opens no table by itself.
    expect(onOpenTable).not.toHaveBeenCalled();
  });

  it("asks nothing for those who may not import", async () => {
    const urls = renderList({ viewer: true }, [job({ status: "running" })]);
    await new Promise((r) => setTimeout(r, 50));
    expect(urls).toEqual([]);
    expect(screen.queryByTestId("recent-imports")).toBeNull();
  });
});
