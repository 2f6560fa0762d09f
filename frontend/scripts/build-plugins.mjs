// Build every plugin's UI bundle: plugins/**/ui/index.{tsx,ts,jsx,js} -> plugins/**/static/index.js
// (an ES module), with static/manifest.json saying which plugin API version it was built for
// ({"apiVersion": 1}: the server lists a bundle built for another version as a problem). Imports of the shared libraries (see src/plugins/shared.ts) are not
// bundled: they become reads of globalThis.__wbShared, so the plugin uses the host's single
// copy of React, Redux Toolkit, react-router, react-intl and Blueprint.
//
// Usage: node scripts/build-plugins.mjs [plugin-dir ...]   (default: every plugin with a ui/)
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
const frontend = resolve(here, "..");
const pluginsRoot = resolve(frontend, "..", "plugins");

// Keep in step with SHARED_MODULES in src/plugins/shared.ts.
export const SHARED = [
  "react",
  "react-dom",
  "react/jsx-runtime",
  "@reduxjs/toolkit",
  "@reduxjs/toolkit/query/react",
  "react-redux",
  "react-router",
  "react-intl",
  "@blueprintjs/core",
  "@workbench/plugin-api",
];
// The run-time names of "@workbench/plugin-api" (src/plugins/pluginApi.ts; a test keeps the
// two in step).
export const PLUGIN_API_EXPORTS = [
  "definePlugin",
  "siteUrl",
  "imageSrcSet",
  "useTabViewState",
  "PLUGIN_API_VERSION",
  "useRecordCount",
  "useRecordFeed",
  "useRecordsPage",
  "useRecordsReader",
  "useRecordWriter",
  "moveKey",
  "useRecordMoves",
  "withMoves",
  "fieldText",
  "fieldType",
  "hasFieldEditor",
  "keepsEditorReady",
  "useEditorText",
  "useDownloadSharedCsv",
  "useImportIntoTable",
  "useFieldActions",
  "cardFields",
  "useCardFields",
  "CardFieldsMenu",
  "CardToolbar",
  "coverFields",
  "chosenCover",
  "CoverField",
  "FormFill",
  "FieldCell",
  "FieldEditor",
  "FormFieldInput",
  "formFields",
  "isFillable",
  "isRequiredInForm",
  "LoadMore",
  "WhileOpen",
  "RecordCard",
  "useCommentCounts",
  "CommentBadge",
  "useRecordForm",
  "toast",
  "useLiveHold",
  "useLiveRecords",
  "whereValue",
];
const PREFIX = "\0wb-shared:";
const IDENT = /^[A-Za-z_$][\w$]*$/;

/** The plugin API version of the host's sources (PLUGIN_API_VERSION in src/plugins/hostApi.ts). */
export function hostApiVersion() {
  const source = readFileSync(resolve(frontend, "src/plugins/hostApi.ts"), "utf8");
  const match = /export const PLUGIN_API_VERSION = (\d+);/.exec(source);
  if (!match) throw new Error("src/plugins/hostApi.ts does not export PLUGIN_API_VERSION");
  return Number(match[1]);
}

const BLUEPRINT_EXPORTS = JSON.parse(readFileSync(resolve(frontend, "src/plugins/blueprint-exports.json"), "utf8"));

async function exportNames(name) {
  if (name === "@workbench/plugin-api") return PLUGIN_API_EXPORTS;
  if (name === "@blueprintjs/core") return BLUEPRINT_EXPORTS;
  const mod = await import(name);
  return Object.keys(mod).filter((k) => k !== "default" && IDENT.test(k));
}

function sharedModules() {
  return {
    name: "workbench-shared-modules",
    enforce: "pre",
    resolveId(id) {
      return SHARED.includes(id) ? PREFIX + id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const names = await exportNames(name);
      const key = JSON.stringify(name);
      return [
        `const m = globalThis.__wbShared && globalThis.__wbShared[${key}];`,
        `if (!m) throw new Error("the host does not share " + ${key});`,
        "export default (m.default ?? m);",
        names.length ? `export const { ${names.join(", ")} } = m;` : "",
      ].join("\n");
    },
  };
}

const JSON_PREFIX = "\0wb-json:";

/** JSON a bundle imports (its plugin's messages, every language) becomes one compact string
 * parsed once, which the browser reads much faster than the same object written as code. */
function compactJson() {
  return {
    name: "workbench-compact-json",
    enforce: "pre",
    async resolveId(id, importer, options) {
      if (!id.endsWith(".json")) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      // Named so that the bundler's own JSON handling passes it by.
      return resolved ? `${JSON_PREFIX}${resolved.id}.mjs` : null;
    },
    load(id) {
      if (!id.startsWith(JSON_PREFIX)) return null;
      const data = JSON.parse(readFileSync(id.slice(JSON_PREFIX.length, -".mjs".length), "utf8"));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`;
    },
  };
}

function entryOf(uiDir) {
  for (const name of ["index.tsx", "index.ts", "index.jsx", "index.js"]) {
    if (existsSync(join(uiDir, name))) return join(uiDir, name);
  }
  return null;
}

/** Build one bundle: `entry` to `outDir/index.js`, and its `outDir/manifest.json`. */
export async function buildPluginBundle(entry, outDir) {
  await build({
    configFile: false,
    root: dirname(entry),
    logLevel: "warn",
    plugins: [sharedModules(), compactJson(), react()],
    build: {
      lib: { entry, formats: ["es"], fileName: () => "index.js" },
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
    },
  });
  writeFileSync(join(outDir, "manifest.json"), JSON.stringify({ apiVersion: hostApiVersion() }) + "\n");
  return join(outDir, "index.js");
}

function findPluginDirs(root) {
  const found = [];
  const walk = (dir, depth) => {
    if (depth > 4) return;
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name === "static" || name.startsWith(".") || name === "__pycache__") continue;
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (name === "ui" && entryOf(path)) found.push(dir);
      else walk(path, depth + 1);
    }
  };
  if (existsSync(root)) walk(root, 0);
  return found.sort();
}

async function main(args) {
  const dirs = args.length ? args.map((a) => resolve(a)) : findPluginDirs(pluginsRoot);
  for (const dir of dirs) {
    const entry = entryOf(join(dir, "ui"));
    if (!entry) throw new Error(`${dir} has no ui/index.(tsx|ts|jsx|js)`);
    await buildPluginBundle(entry, join(dir, "static"));
  }
  console.log(`built ${dirs.length} plugin UI bundle(s)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
