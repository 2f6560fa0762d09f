// The built-in field types' UI bundles (plugins/field_types/*/ui): built as the server ships
// them, loaded by the host, and used by the grid's cell editor with values, not text.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { IntlProvider } from "react-intl";
import type { PluginDefinition, PluginHost } from "./hostApi";
import { loadPlugins } from "./loader";
import { catalogueTexts } from "../test/pluginTexts";
import { setLoadedPlugins } from "./registry";
import { renderWithProviders } from "../test/renderWithProviders";
import { CellEditor } from "../features/grid/CellEditor";

const host: PluginHost = { api: null, injectSlice: () => undefined };
let outDir: string;
let numbers: PluginDefinition;
const column = { id: "c1", title: "Stars", uidt: "Rating", meta: { max: 5 } };

beforeAll(async () => {
  const cache = resolve(__dirname, "../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-numbers-"));
  const script = pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  // Built from a copy inside the project, where the test runner resolves its own files.
  cpSync(resolve(__dirname, "../../../plugins/field_types/numbers/ui"), join(outDir, "ui"), { recursive: true });
  const bundle = await buildPluginBundle(join(outDir, "ui", "index.tsx"), join(outDir, "static"));
  const loaded = await loadPlugins([{ id: "field_numbers", url: bundle }], host, (url) => import(/* @vite-ignore */ url));
  expect(loaded.failed).toEqual([]);
  numbers = loaded.plugins[0];
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));
afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

describe("the numbers plugin's Rating UI", () => {
  it("shows stars with a translated label", () => {
    const Cell = numbers.fieldTypes!.Rating.Cell!;
    render(
      <IntlProvider locale="de" messages={catalogueTexts("de")}>
        <Cell value={3} column={column} />
      </IntlProvider>,
    );
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("3 von 5 Sternen");
    expect(screen.getByRole("img").textContent).toBe("★★★★★");
  });

  it("edits in the grid by picking a star or typing a number", () => {
    setLoadedPlugins({ plugins: [numbers], failed: [] });
    const onValue = vi.fn();
    const onDone = vi.fn();
    const editing = { row: 0, col: 0, text: "2", error: null, saving: false };
    const noop = () => undefined;
    renderWithProviders(
      <IntlProvider locale="en" messages={catalogueTexts("en")}>
        <CellEditor column={column} editing={editing} value={2} onText={noop} onKey={noop} onBlur={noop} onValue={onValue} onDone={onDone} />
      </IntlProvider>,
    );
    const slider = screen.getByTestId("rating-editor");
    expect(slider.getAttribute("aria-valuenow")).toBe("2");
    act(() => {
      fireEvent.keyDown(slider, { key: "ArrowRight" });
    });
    expect(onValue).toHaveBeenLastCalledWith(3);
    act(() => {
      fireEvent.keyDown(slider, { key: "9" });
    });
    expect(onValue).toHaveBeenLastCalledWith(5);
    act(() => {
      fireEvent.click(screen.getAllByTestId("rating-star")[0]);
    });
    expect(onValue).toHaveBeenLastCalledWith(1);
    expect(onDone).toHaveBeenCalled();
  });

  it("picks the stars of a digit typed on the cell", () => {
    setLoadedPlugins({ plugins: [numbers], failed: [] });
    const onValue = vi.fn();
    const editing = { row: 0, col: 0, text: "4", typed: "4", error: null, saving: false };
    const noop = () => undefined;
    renderWithProviders(
      <IntlProvider locale="en" messages={catalogueTexts("en")}>
        <CellEditor column={column} editing={editing} value={1} onText={noop} onKey={noop} onBlur={noop} onValue={onValue} onDone={noop} />
      </IntlProvider>,
    );
    expect(onValue).toHaveBeenLastCalledWith(4);
    expect(screen.getByTestId("rating-editor").getAttribute("aria-valuenow")).toBe("4");
  });
});
