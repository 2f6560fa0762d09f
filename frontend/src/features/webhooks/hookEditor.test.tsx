// The webhook editor builds its notifiers and their forms from the catalogue: a notifier's
// form is its plugin bundle's (the URL notifier's, built as the server ships it, with its
// headers and query parameters), else one generated from its settings schema; a notifier the
// catalogue does not list (its plugin is disabled) is not offered.
import { fireEvent, screen, within } from "@testing-library/react";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalogue, CatalogueNotifier } from "../../plugins/catalogue";
import type { PluginDefinition, PluginHost } from "../../plugins/hostApi";
import { loadPlugins } from "../../plugins/loader";
import { setLoadedPlugins } from "../../plugins/registry";
import { builtinCatalogue, renderWithProviders } from "../../test/renderWithProviders";
import { catalogueTexts } from "../../test/pluginTexts";
import { HookEditor } from "./HookEditor";
import { notificationOf, settingsComplete, valuesOf } from "./notifiers";

const host: PluginHost = { api: null, injectSlice: () => undefined };
let outDir: string;
let urlBundle: PluginDefinition;

beforeAll(async () => {
  const cache = resolve(__dirname, "../../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-notifiers-"));
  const script = pathToFileURL(resolve(__dirname, "../../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  cpSync(resolve(__dirname, "../../../../plugins/notifiers/url/ui"), join(outDir, "ui"), { recursive: true });
  const bundle = await buildPluginBundle(join(outDir, "ui", "index.tsx"), join(outDir, "static"));
  const loaded = await loadPlugins([{ id: "notify_url", url: bundle }], host, (url) => import(/* @vite-ignore */ url));
  expect(loaded.failed).toEqual([]);
  urlBundle = loaded.plugins[0];
}, 240_000);

afterAll(() => {
  setLoadedPlugins({ plugins: [], failed: [] });
  rmSync(outDir, { recursive: true, force: true });
});

const URL_NOTIFIER: CatalogueNotifier = {
  name: "URL",
  plugin: "notify_url",
  label: "plugin.notify_url.notifier.URL",
  icon: "globe-network",
  order: 10,
  settings: { type: "object", required: ["path"], properties: { path: { type: "string", title: "plugin.notify_url.setting.path" } } },
  bundle: "notify_url",
};
const PIGEON: CatalogueNotifier = {
  name: "Pigeon",
  plugin: "pigeon",
  label: "plugin.pigeon.label",
  icon: "send-message",
  order: 50,
  settings: { type: "object", required: ["loft"], properties: { loft: { type: "string", title: "plugin.pigeon.loft" } } },
  bundle: null,
};

function catalogue(notifiers: CatalogueNotifier[]): Catalogue {
  return {
    ...builtinCatalogue,
    notifiers,
    messages: { ...builtinCatalogue.messages, ...catalogueTexts("en"), "plugin.pigeon.label": "Carrier pigeon", "plugin.pigeon.loft": "Loft" },
  };
}

function editor(notifiers: CatalogueNotifier[]) {
  setLoadedPlugins({ plugins: [urlBundle], failed: [] });
  return renderWithProviders(<HookEditor tableId="md_1" columns={[]} onDone={() => undefined} />, { boot: { catalogue: catalogue(notifiers) } });
}

describe("the webhook editor's notifiers", () => {
  it("offers the catalogue's notifiers, in their order, by their labels", () => {
    editor([PIGEON, URL_NOTIFIER]);
    const options = within(screen.getByTestId("webhook-type")).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["A web address", "Carrier pigeon"]);
  });

  it("shows the URL bundle's form, headers and query parameters included", () => {
    editor([URL_NOTIFIER, PIGEON]);
    expect(screen.getByTestId("notifier-settings")).toBeTruthy();
    fireEvent.change(screen.getByTestId("webhook-title"), { target: { value: "Shop" } });
    expect((screen.getByTestId("webhook-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("webhook-address"), { target: { value: "https://example.com/hook" } });
    expect((screen.getByTestId("webhook-save") as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId("url-add-header"));
    fireEvent.change(screen.getByTestId("url-header-name"), { target: { value: "X-Token" } });
    fireEvent.change(screen.getByTestId("url-header-value"), { target: { value: "s3cret" } });
    fireEvent.click(screen.getByTestId("url-add-parameter"));
    fireEvent.change(screen.getByTestId("url-parameter-name"), { target: { value: "source" } });
    expect(screen.getByText("Headers")).toBeTruthy();
    expect(screen.getByText("Query parameters")).toBeTruthy();
    fireEvent.click(screen.getByTestId("url-header-remove"));
    expect(screen.queryByTestId("url-header")).toBeNull();
  });

  it("generates the form of a notifier whose plugin has no bundle from its settings schema", () => {
    editor([URL_NOTIFIER, PIGEON]);
    fireEvent.change(screen.getByTestId("webhook-type"), { target: { value: "Pigeon" } });
    expect(screen.queryByTestId("notifier-settings")).toBeNull();
    expect(screen.getByText("Loft")).toBeTruthy();
    fireEvent.change(screen.getByTestId("webhook-title"), { target: { value: "By air" } });
    expect((screen.getByTestId("webhook-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("notifier-setting-loft"), { target: { value: "north" } });
    expect((screen.getByTestId("webhook-save") as HTMLButtonElement).disabled).toBe(false);
  });

  it("says so when a saved hook's notifier is no longer offered", () => {
    setLoadedPlugins({ plugins: [urlBundle], failed: [] });
    const hook = {
      id: "hk_1", fk_model_id: "md_1", title: "Old", event: "after", operation: "insert" as const, active: true, condition: false,
      notification: { type: "Slack", payload: { channels: [{ webhook_url: "https://hooks.example.com/x" }] } },
    };
    renderWithProviders(<HookEditor tableId="md_1" columns={[]} hook={hook} onDone={() => undefined} />, { boot: { catalogue: catalogue([URL_NOTIFIER]) } });
    expect(screen.getByTestId("webhook-no-notifier").textContent).toContain("Slack");
    expect((screen.getByTestId("webhook-save") as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the editor's values", () => {
  it("keep a hook's settings as they are and start a new one with the first notifier's defaults", () => {
    const saved = valuesOf({ title: "A", operation: "update", condition: true, notification: { type: "Pigeon", payload: { loft: "n" } } }, [URL_NOTIFIER]);
    expect(notificationOf(saved)).toEqual({ type: "Pigeon", payload: { loft: "n" } });
    expect(saved.condition).toBe(true);
    const withDefault = { ...PIGEON, settings: { ...PIGEON.settings, properties: { loft: { type: "string" as const, default: "home" } } } };
    expect(valuesOf(undefined, [withDefault]).payload).toEqual({ loft: "home" });
    expect(settingsComplete(undefined, {})).toBe(false);
  });
});
