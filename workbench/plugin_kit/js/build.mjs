// Build one plugin's UI bundle against the host's shared modules: <entry> (ui/index.tsx) ->
// <out>/index.js (an ES module) and <out>/manifest.json ({"apiVersion": N}, the plugin API
// the bundle is built for). Imports of the modules the host shares (shared-modules.json
// beside this file: React, react-intl, Blueprint, the plugin API, ...) are not bundled: each
// becomes a read of globalThis.__wbShared, where the host publishes its single copy, and a
// name the host does not share stops the build. `workbench plugin build` and
// `workbench plugin dev` run this script; it needs vite and @vitejs/plugin-react, found in
// the node_modules folder given with --node-modules.
//
// Usage: node build.mjs --entry ui/index.tsx --out pkg/static --node-modules ui/node_modules [--watch]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const HOST = JSON.parse(readFileSync(join(here, "shared-modules.json"), "utf8"));
const PREFIX = "\0wb-shared:";
const IDENT = /^[A-Za-z_$][\w$]*$/;

function parseArgs(argv) {
  const args = { watch: false };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (key === "--watch") args.watch = true;
    else if (key.startsWith("--")) args[key.slice(2).replace(/-(\w)/g, (_, c) => c.toUpperCase())] = argv[++i];
  }
  for (const required of ["entry", "out", "nodeModules"]) {
    if (!args[required]) throw new Error(`--${required.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())} is required`);
  }
  return args;
}

/** The ES module entry of package `name` installed in `nodeModules`. */
async function importFrom(nodeModules, name) {
  const folder = join(nodeModules, ...name.split("/"));
  const pkg = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  let entry = pkg.exports?.["."] ?? pkg.exports ?? pkg.module ?? pkg.main ?? "index.js";
  while (entry && typeof entry === "object") entry = entry.import ?? entry.default ?? entry.node;
  return import(pathToFileURL(join(folder, entry)).href);
}

/** Vite plugin: the shared modules as virtual modules reading globalThis.__wbShared. */
function sharedModules() {
  return {
    name: "workbench-shared-modules",
    enforce: "pre",
    resolveId(id) {
      return Object.hasOwn(HOST.modules, id) ? PREFIX + id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const names = HOST.modules[name].filter((n) => n !== "default" && IDENT.test(n));
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

/** Vite plugin: manifest.json beside the bundle, written with it. */
function manifest() {
  return {
    name: "workbench-bundle-manifest",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "manifest.json", source: JSON.stringify({ apiVersion: HOST.apiVersion }) + "\n" });
    },
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const entry = resolve(args.entry);
  const outDir = resolve(args.out);
  const nodeModules = resolve(args.nodeModules);
  const { build } = await importFrom(nodeModules, "vite");
  const react = (await importFrom(nodeModules, "@vitejs/plugin-react")).default;
  const result = await build({
    configFile: false,
    root: dirname(entry),
    logLevel: "warn",
    plugins: [sharedModules(), react(), manifest()],
    build: {
      lib: { entry, formats: ["es"], fileName: () => "index.js" },
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: !args.watch,
      sourcemap: args.watch ? "inline" : false,
      watch: args.watch ? {} : null,
    },
  });
  if (!args.watch) {
    console.log(`built ${join(outDir, "index.js")}`);
    return;
  }
  result.on("event", (event) => {
    if (event.code === "BUNDLE_END") console.log(`${new Date().toLocaleTimeString()} built ${join(outDir, "index.js")}`);
    if (event.code === "ERROR") console.error(String(event.error?.message ?? event.error));
    if (event.result?.close) event.result.close();
  });
  console.log(`watching ${dirname(entry)} (Ctrl+C stops)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
