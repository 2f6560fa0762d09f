// The built-in view types' UI bundles (plugins/views/*/ui): built as the server ships them,
// loaded by the host, they draw their views under the catalogue's names, ask for the
// settings a new view needs in the create-view dialog, and draw a view's body through the
// host's view body with nothing but the plugin API (records, record form, field actions).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { workbenchApi } from "../app/api";
import { CapabilitiesContext, capabilities } from "../features/projects/permissions";
import { defaultSettings } from "../features/settings/settings";
import { settingsLoaded } from "../features/settings/settingsSlice";
import type { TableMeta } from "../features/tables/api";
import { pluginsLoaded } from "../features/ui/uiSlice";
import { CreateViewDialog, type NewView } from "../features/views/CreateViewDialog";
import { ViewBody } from "../features/views/ViewBody";
import { builtinCatalogue, renderWithProviders } from "../test/renderWithProviders";
import type { PluginDefinition, PluginHost } from "./hostApi";
import { loadPlugins, pluginMessages } from "./loader";
import { setLoadedPlugins } from "./registry";

const VIEWS = ["grid", "form", "gallery", "kanban", "calendar"] as const;
const host: PluginHost = { api: workbenchApi, injectSlice: () => undefined };
let outDir: string;
let plugins: PluginDefinition[] = [];

beforeAll(async () => {
  const cache = resolve(__dirname, "../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-views-"));
  const script = pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  const built = [];
  for (const name of VIEWS) {
    const dir = join(outDir, name);
    cpSync(resolve(__dirname, `../../../plugins/views/${name}/ui`), join(dir, "ui"), { recursive: true });
    cpSync(resolve(__dirname, `../../../plugins/views/${name}/messages.json`), join(dir, "messages.json"));
    built.push({ id: `view_${name}`, url: await buildPluginBundle(join(dir, "ui", "index.tsx"), join(dir, "static")) });
  }
  const loaded = await loadPlugins(built, host, (url) => import(/* @vite-ignore */ url));
  expect(loaded.failed).toEqual([]);
  plugins = loaded.plugins;
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));
afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

const messages = () => pluginMessages(plugins, "en");
const catalogueWithMessages = () => ({ ...builtinCatalogue, messages: { ...builtinCatalogue.messages, ...messages() } });

const columns = [
  { id: "c0", title: "Id", uidt: "ID", pk: true, system: false },
  { id: "c1", title: "Name", uidt: "SingleLineText", pv: true },
  { id: "c2", title: "Status", uidt: "SingleSelect", colOptions: { options: [{ id: "o1", title: "Todo", order: 1 }, { id: "o2", title: "Done", order: 2 }] } },
  { id: "c3", title: "Photo", uidt: "Attachment" },
  { id: "c4", title: "Due", uidt: "Date" },
  { id: "c5", title: "Ends", uidt: "Date" },
];

describe("the view bundles", () => {
  it("draw the catalogue's view types, each from its own plugin", () => {
    for (const type of builtinCatalogue.viewTypes.filter((t) => t.bundle)) {
      const plugin = plugins.find((p) => p.id === type.plugin);
      expect(plugin?.viewTypes?.[type.name]?.View, type.name).toBeDefined();
    }
  });

  it("ask for the fields a new view is built on, the first fitting ones by default", async () => {
    setLoadedPlugins({ plugins, failed: [] });
    const submitted: NewView[] = [];
    const dialog = (kind: string, fields = columns) =>
      renderWithProviders(
        <CreateViewDialog kind={kind} columns={fields as never} taken={[]} onSubmit={(v) => submitted.push(v)} onCancel={vi.fn()} />,
        { boot: { catalogue: catalogueWithMessages() } },
      );
    const kanban = dialog("kanban");
    expect((screen.getByTestId("view-group-field") as HTMLSelectElement).value).toBe("c2");
    expect((screen.getByTestId("view-cover-field") as HTMLSelectElement).value).toBe("c3");
    fireEvent.change(screen.getByTestId("view-cover-field"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("view-create-submit"));
    kanban.unmount();
    dialog("calendar");
    fireEvent.change(screen.getByTestId("view-end-field"), { target: { value: "c5" } });
    fireEvent.click(screen.getByTestId("view-create-submit"));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(submitted[0].settings).toEqual({ fk_grp_col_id: "c2", fk_cover_image_col_id: null });
    expect(submitted[1].settings).toEqual({ calendar_range: [{ fk_from_column_id: "c4", fk_to_column_id: "c5" }] });
  });

  it("take the stacking field of columns that arrive after the dialog opened", () => {
    setLoadedPlugins({ plugins, failed: [] });
    const onSubmit = vi.fn();
    const load = { current: () => {} };
    function LateColumns() {
      const [fields, setFields] = useState<typeof columns>([]);
      load.current = () => setFields(columns);
      return <CreateViewDialog kind="kanban" columns={fields as never} taken={["Grid"]} onSubmit={onSubmit} onCancel={vi.fn()} />;
    }
    renderWithProviders(<LateColumns />, { boot: { catalogue: catalogueWithMessages() } });
    expect((screen.getByTestId("view-create-submit") as HTMLButtonElement).disabled).toBe(true);
    act(() => load.current());
    const submit = screen.getByTestId("view-create-submit") as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ settings: expect.objectContaining({ fk_grp_col_id: "c2" }) }));
  });

  it("wait for the field a kanban needs", () => {
    setLoadedPlugins({ plugins, failed: [] });
    renderWithProviders(
      <CreateViewDialog kind="kanban" columns={columns.filter((c) => c.uidt !== "SingleSelect") as never} taken={[]} onSubmit={vi.fn()} onCancel={vi.fn()} />,
      { boot: { catalogue: catalogueWithMessages() } },
    );
    expect(screen.getByText("Add a single select field to the table first")).toBeTruthy();
    expect((screen.getByTestId("view-create-submit") as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a kanban drawn by its bundle", () => {
  const table = { id: "md_t", title: "Tasks", project_id: "p_1", columns } as unknown as TableMeta;
  const records = [
    { Id: 1, Name: "Write", Status: "Todo" },
    { Id: 2, Name: "Ship", Status: "Done" },
  ];

  function respond(body: unknown) {
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  }

  it("reads its settings from its type's path and its stacks' records through the host", async () => {
    setLoadedPlugins({ plugins, failed: [] });
    const asked: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://x");
      asked.push(url.pathname);
      if (url.pathname === "/api/v1/db/meta/kanbans/vw_k") return respond({ fk_grp_col_id: "c2", fk_cover_image_col_id: null });
      const where = url.searchParams.get("where") ?? "";
      const list = records.filter((r) => (where.includes(",eq,") ? where.includes(`,eq,${r.Status})`) : false));
      return respond({ list, pageInfo: { totalRows: list.length, isLastPage: true } });
    });
    const { store } = renderWithProviders(
      <CapabilitiesContext.Provider value={capabilities({ editor: true })}>
        <ViewBody table={table} view={{ id: "vw_k", title: "Board", type: 4 }} />
      </CapabilitiesContext.Provider>,
      { boot: { catalogue: catalogueWithMessages() }, fetch: fetch as unknown as typeof globalThis.fetch },
    );
    act(() => {
      store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
      store.dispatch(pluginsLoaded());
    });
    await waitFor(() => expect(screen.getAllByTestId("kanban-stack")).toHaveLength(3));
    await waitFor(() => expect(screen.getAllByTestId("record-card").map((c) => c.textContent)).toEqual(expect.arrayContaining([expect.stringContaining("Write"), expect.stringContaining("Ship")])));
    expect(screen.getAllByTestId("stack-title").map((t) => t.textContent)).toEqual(["Uncategorized", "Todo", "Done"]);
    expect(asked).toContain("/api/v1/db/meta/kanbans/vw_k");
    expect(asked.filter((p) => p === "/api/v2/tables/md_t/records").length).toBeGreaterThanOrEqual(3);
  });

  it("holds the body's place while the bundles load, then says so when none draws the type", () => {
    renderWithProviders(<ViewBody table={table} view={{ id: "vw_k", title: "Board", type: 4 }} />, { boot: { catalogue: builtinCatalogue } });
    expect(screen.getByTestId("view-loading")).toBeTruthy();
    expect(screen.queryByTestId("view-unavailable")).toBeNull();
  });
});
