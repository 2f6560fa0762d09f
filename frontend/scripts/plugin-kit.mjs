// Write what the plugin kit (workbench/plugin_kit, shipped with the Python package) needs of
// the host, so that a plugin distribution builds and type-checks without the host's sources:
//   - js/shared-modules.json: the plugin API version and the modules the host shares with
//     bundles on globalThis.__wbShared (src/plugins/shared.ts), each with its export names;
//   - types/workbench-plugin-api.d.ts: the declarations of "@workbench/plugin-api"
//     (src/plugins/hostApi.ts with hostKit.ts, and each name the host lends at run time typed as
//     its member of HostKit there), which a scaffolded plugin's ui/tsconfig.json maps the name to.
//
// Usage: node scripts/plugin-kit.mjs [--check]   (--check: fail when the files are not in step)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { PLUGIN_API_EXPORTS, SHARED, hostApiVersion } from "./build-plugins.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const frontend = resolve(here, "..");
const kit = resolve(frontend, "..", "workbench", "plugin_kit");
const HOST_API = resolve(frontend, "src/plugins/hostApi.ts");
const HOST_KIT = resolve(frontend, "src/plugins/hostKit.ts");
const IDENT = /^[A-Za-z_$][\w$]*$/;

async function exportNames(name) {
  if (name === "@workbench/plugin-api") return [...PLUGIN_API_EXPORTS].sort();
  if (name === "@blueprintjs/core") {
    return JSON.parse(readFileSync(resolve(frontend, "src/plugins/blueprint-exports.json"), "utf8")).sort();
  }
  const mod = await import(name);
  return Object.keys(mod).filter((k) => k !== "default" && IDENT.test(k)).sort();
}

async function sharedModules() {
  const modules = {};
  for (const name of SHARED) modules[name] = await exportNames(name);
  return JSON.stringify({ apiVersion: hostApiVersion(), modules }, null, 1) + "\n";
}

// hostApi.ts re-exports hostKit.ts, and hostKit.ts imports types from hostApi.ts: read as one
// source (the two modules' type imports of the same module joined), they declare the whole API.
function hostSource() {
  const imports = new Map();
  const body = [];
  for (const file of [HOST_API, HOST_KIT]) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (/^export type \* from "\.\/hostKit";$/.test(line) || /^import type \{[^}]*\} from "\.\/hostApi";$/.test(line)) continue;
      const imported = /^import type \{([^}]*)\} from "([^"]+)";$/.exec(line);
      if (!imported) {
        body.push(line);
        continue;
      }
      const names = imports.get(imported[2]) ?? new Set();
      for (const name of imported[1].split(",")) if (name.trim()) names.add(name.trim());
      imports.set(imported[2], names);
    }
  }
  const head = [...imports].map(([from, names]) => `import type { ${[...names].sort().join(", ")} } from "${from}";`);
  return [...head, ...body].join("\n");
}

function declarations() {
  const source = hostSource();
  const { outputText, diagnostics } = ts.transpileDeclaration(source, {
    fileName: "hostApi.ts",
    compilerOptions: { strict: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  if (diagnostics?.length) throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})));
  // The names lent at run time (src/plugins/pluginApi.ts), each typed by its HostKit member.
  const own = new Set([...source.matchAll(/^export (?:const|function|class) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]));
  const lent = PLUGIN_API_EXPORTS.filter((n) => !own.has(n)).map((n) => `export declare const ${n}: HostKit["${n}"];`);
  const header = [
    '// The types of "@workbench/plugin-api", the module a plugin\'s UI bundle imports from the',
    "// host. Written from the host's sources by frontend/scripts/plugin-kit.mjs: do not edit.",
    "",
  ].join("\n");
  return header + outputText + lent.join("\n") + "\n";
}

const outputs = [
  [resolve(kit, "js/shared-modules.json"), await sharedModules()],
  [resolve(kit, "types/workbench-plugin-api.d.ts"), declarations()],
];
const check = process.argv.includes("--check");
let stale = 0;
for (const [path, text] of outputs) {
  let current = null;
  try {
    current = readFileSync(path, "utf8");
  } catch {
    current = null;
  }
  if (current === text) continue;
  if (check) {
    console.error(`${relative(resolve(frontend, ".."), path)} is not in step with the host: run node frontend/scripts/plugin-kit.mjs`);
    stale++;
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${relative(resolve(frontend, ".."), path)}`);
  }
}
process.exit(stale ? 1 : 0);
