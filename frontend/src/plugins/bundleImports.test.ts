// The built-in plugins' UI sources (plugins/<kind>/<name>/ui) reach the host only through what
// it shares with bundles (scripts/build-plugins.mjs: React, Redux Toolkit, react-router,
// react-intl, Blueprint and "@workbench/plugin-api"): any other package import, or a
// relative import out of the plugin's own folder, would build the host's code into the
// bundle. A plugin may import another's folder only when it says it needs that plugin
// (setup.cfg's `workbench-requires:<plugin>:<needed>` keywords).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as pluginApi from "./pluginApi";

const ROOT = resolve(__dirname, "../../..");
const PLUGINS = join(ROOT, "plugins");
let SHARED: string[] = [];
let PLUGIN_API_EXPORTS: string[] = [];

beforeAll(async () => {
  const script = await import(/* @vite-ignore */ pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href);
  SHARED = script.SHARED;
  PLUGIN_API_EXPORTS = script.PLUGIN_API_EXPORTS;
});

/** Plugin folders (relative to plugins/) by plugin name, from setup.cfg's entry points, and
 * the plugins each one says it needs. */
function builtins(): { folders: Map<string, string>; needs: Map<string, Set<string>> } {
  const cfg = readFileSync(join(ROOT, "setup.cfg"), "utf8");
  const folders = new Map<string, string>();
  for (const [, name, module] of cfg.matchAll(/^\s+(\w+) = workbench_plugins\.([\w.]+)\s*$/gm)) {
    folders.set(name, module.split(".").join("/"));
  }
  const needs = new Map<string, Set<string>>();
  for (const [, plugin, needed] of cfg.matchAll(/workbench-requires:(\w+):(\w+)/g)) {
    needs.set(plugin, new Set([...(needs.get(plugin) ?? []), needed]));
  }
  return { folders, needs };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

const SPECIFIER = /(?:^|[^\w.])(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|(?:^|[^\w.])import\s*\(?\s*["']([^"']+)["']/g;

/** The modules a source imports (static, re-exported and dynamic imports). */
export function importsOf(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2]);
}

/** What is wrong with each import of `text`, a UI source of the plugin in `folder`, which
 * may also import the folders `allowed` (the plugins it needs). */
function problemsOf(file: string, text: string, plugin: string, folder: string, allowed: readonly string[]): string[] {
  const own = join(PLUGINS, folder) + sep;
  const found: string[] = [];
  for (const spec of importsOf(text)) {
    const where = `${relative(ROOT, file)}: ${spec}`;
    if (!spec.startsWith(".")) {
      if (!SHARED.includes(spec)) found.push(`${where} is not a module the host shares`);
      continue;
    }
    const target = resolve(dirname(file), spec);
    if (target.startsWith(own)) continue;
    if (!allowed.some((other) => target.startsWith(join(PLUGINS, other) + sep))) found.push(`${where} leaves the plugin ${plugin}`);
  }
  return found;
}

function problems(plugin: string, folder: string, allowed: readonly string[]): string[] {
  return sources(join(PLUGINS, folder, "ui")).flatMap((file) => problemsOf(file, readFileSync(file, "utf8"), plugin, folder, allowed));
}

describe("the built-in plugins' UI sources", () => {
  const { folders, needs } = builtins();
  const withUi = [...folders].filter(([, folder]) => existsSync(join(PLUGINS, folder, "ui")));

  it("are found (the view and field type plugins ship bundles)", () => {
    const names = withUi.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(["view_grid", "view_form", "view_gallery", "view_kanban", "view_calendar", "field_links"]));
  });

  it("find imports of every form", () => {
    expect(importsOf('import { a } from "react";\nimport "./x.css";\nexport { b } from "../y";\nconst m = import("z");')).toEqual(["react", "./x.css", "../y", "z"]);
  });

  it.each(withUi)("%s imports only the shared modules and its own folder", (plugin, folder) => {
    const allowed = [...(needs.get(plugin) ?? [])].map((name) => folders.get(name)!).filter(Boolean);
    expect(problems(plugin, folder, allowed)).toEqual([]);
  });

  it("catch an import of the host's sources, another plugin's folder or a package the host does not share", () => {
    const file = join(PLUGINS, "views/kanban/ui/Board.tsx");
    const text = [
      'import { Grid } from "../../../../frontend/src/features/grid/Grid";',
      'import { Gallery } from "../../gallery/ui/Gallery";',
      'import { sortBy } from "lodash";',
      'import { Stack } from "./Stack";',
      'import messages from "../messages.json";',
      'import { cardFields } from "@workbench/plugin-api";',
    ].join("\n");
    expect(problemsOf(file, text, "view_kanban", "views/kanban", [])).toEqual([
      "plugins/views/kanban/ui/Board.tsx: ../../../../frontend/src/features/grid/Grid leaves the plugin view_kanban",
      "plugins/views/kanban/ui/Board.tsx: ../../gallery/ui/Gallery leaves the plugin view_kanban",
      "plugins/views/kanban/ui/Board.tsx: lodash is not a module the host shares",
    ]);
    expect(problemsOf(file, text.split("\n")[1], "view_kanban", "views/kanban", ["views/gallery"])).toEqual([]);
  });
});

describe('"@workbench/plugin-api"', () => {
  it("lends bundles exactly the names the bundle build lists", () => {
    const runtime = Object.entries(pluginApi)
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name);
    expect([...PLUGIN_API_EXPORTS].sort()).toEqual(runtime.sort());
  });
});
