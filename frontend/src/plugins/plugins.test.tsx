// Builds a throwaway plugin bundle with scripts/build-plugins.mjs and shows the host using
// it: the bundle reads the host's React, react-intl and Blueprint (its hooks work, which
// they would not with a second React), its messages are namespaced, and a failing bundle
// or component breaks nothing else.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import type { PluginDefinition, PluginHost } from "./hostApi";
import { loadPlugins, pluginMessages, type LoadedPlugins } from "./loader";
import { PluginBoundary } from "./PluginBoundary";
import { BLUEPRINT_SHARED, SHARED_MODULE_NAMES } from "./shared";
import blueprintExports from "./blueprint-exports.json";

const host: PluginHost = { api: null, injectSlice: () => undefined };
let outDir: string;
let bundlePath: string;

beforeAll(async () => {
  // Inside the project: the test runner only imports files under its root.
  const cache = resolve(__dirname, "../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-plugin-"));
  const script = pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  bundlePath = await buildPluginBundle(resolve(__dirname, "testdata/sample-plugin.tsx"), outDir);
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("plugin bundles", () => {
  it("leave the shared libraries out of the bundle", async () => {
    const code = readFileSync(bundlePath, "utf8");
    expect(code).toContain("__wbShared");
    expect(code.length).toBeLessThan(20_000);
    expect(code).not.toContain("react.production");
    const { SHARED } = await import(/* @vite-ignore */ pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href);
    expect([...SHARED].sort()).toEqual([...SHARED_MODULE_NAMES].sort());
    expect(Object.keys(BLUEPRINT_SHARED).sort()).toEqual([...blueprintExports].sort());
    expect(Object.values(BLUEPRINT_SHARED).every((value) => value !== undefined)).toBe(true);
  });

  it("load in the host, share its React and render with namespaced messages", async () => {
    const loaded = await loadPlugins([{ id: "sample", url: bundlePath }], host, (url) =>
      import(/* @vite-ignore */ url),
    );
    expect(loaded.failed).toEqual([]);
    const [plugin] = loaded.plugins;
    const Cell = plugin.fieldTypes!.Rating.Cell!;
    render(
      <IntlProvider locale="de" messages={pluginMessages(loaded.plugins, "de")}>
        <Cell value={2} column={{ id: "c1", title: "Stars", uidt: "Rating" }} />
      </IntlProvider>,
    );
    expect(screen.getByTestId("sample-cell").textContent).toContain("★★");
    expect(screen.getByText("Mehr")).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByTestId("sample-bump"));
    });
    expect(screen.getByTestId("sample-cell").textContent).toContain("★★★");
  });

  it("isolate a bundle that fails to load or is not what it claims", async () => {
    const good: PluginDefinition = { id: "good", setup: () => undefined };
    const imports: Record<string, () => Promise<{ default?: unknown }>> = {
      "/good.js": async () => ({ default: good }),
      "/broken.js": async () => {
        throw new Error("network down");
      },
      "/liar.js": async () => ({ default: { id: "someone-else" } }),
      "/empty.js": async () => ({}),
      "/throws.js": async () => ({
        default: {
          id: "throws",
          setup() {
            throw new Error("setup failed");
          },
        },
      }),
    };
    const loaded: LoadedPlugins = await loadPlugins(
      ["good", "broken", "liar", "empty", "throws"].map((id) => ({ id, url: `/${id}.js` })),
      host,
      (url) => imports[url](),
    );
    expect(loaded.plugins.map((p) => p.id)).toEqual(["good"]);
    expect(loaded.failed).toEqual([
      { id: "broken", error: "network down" },
      { id: "liar", error: 'the bundle says it is "someone-else"' },
      { id: "empty", error: "the bundle has no default export" },
      { id: "throws", error: "setup failed" },
    ]);
  });

  it("show a fallback for a component that throws, and keep the rest", () => {
    function Broken(): never {
      throw new Error("boom");
    }
    const warn = console.warn;
    const error = console.error;
    console.warn = () => undefined;
    console.error = () => undefined;
    try {
      render(
        <div>
          <PluginBoundary pluginId="bad" fallback={<span>plugin unavailable</span>}>
            <Broken />
          </PluginBoundary>
          <span>host content</span>
        </div>,
      );
    } finally {
      console.warn = warn;
      console.error = error;
    }
    expect(screen.getByText("plugin unavailable")).toBeTruthy();
    expect(screen.getByText("host content")).toBeTruthy();
  });
});
