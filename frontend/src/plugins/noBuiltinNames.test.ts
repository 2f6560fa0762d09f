// The host's sources name no built-in field type, view type, importer or notifier: every menu and
// per-type decision comes from the catalogue, so that a plugin's type is one like any other
// and a disabled one disappears. The names are the built-in plugins' (the catalogue fixture);
// tests and test helpers aside.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import fixture from "./testdata/catalogue.json";

const SRC = resolve(__dirname, "..");

const names = [
  ...fixture.fieldTypes.map((t) => t.uidt),
  ...fixture.viewTypes.map((t) => t.name),
  ...(fixture.importers ?? []).map((t) => t.name),
  ...(fixture.notifiers ?? []).map((t) => t.name),
];

/** Words that are also built-in names but mean something else where they are used: the
 * catalogue's export kind and a response format ("json"), the editor variant of the record
 * form and of shared forms and a sign-in provider's kind ("form"), the download formats of
 * the server's export paths ("csv", "excel"). Each is allowed in the files listed only. */
const HOMONYMS: Record<string, readonly string[]> = {
  csv: ["features/exports/download.ts"],
  excel: ["features/exports/download.ts"],
  json: ["app/http.ts", "features/grid/RecordFieldEditor.tsx", "plugins/catalogue.ts", "plugins/hostApi.ts"],
  form: [
    "plugins/hostApi.ts",
    "plugins/catalogue.ts",
    "plugins/api/editorText.ts",
    "features/grid/RecordFieldEditor.tsx",
    "features/shared/FormFieldInput.tsx",
    "features/auth/SignIn.tsx",
  ],
};

/** Attributes whose values are not type names (an icon, a test id, an ARIA role, a class). */
const NOT_A_NAME = /(icon|data-testid|role|className)=$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "test" || entry === "testdata" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

/** Each quoted literal of `text` that is a built-in name, with its line. */
export function builtinLiterals(file: string, text: string): string[] {
  const found: string[] = [];
  const literal = /(["'`])([A-Za-z]+)\1/g;
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(literal)) {
      const name = match[2];
      if (!names.includes(name)) continue;
      if (NOT_A_NAME.test(line.slice(0, match.index))) continue;
      if (HOMONYMS[name]?.includes(file)) continue;
      found.push(`${file}:${index + 1}: ${name}`);
    }
  });
  return found;
}

describe("the host's sources", () => {
  it("take the built-in names from the catalogue fixture", () => {
    expect(names).toEqual(expect.arrayContaining(["SingleLineText", "Links", "kanban", "csv", "Slack"]));
  });

  it("find a built-in name written as a literal", () => {
    expect(builtinLiterals("x.ts", 'if (uidt === "Links") {}')).toEqual(["x.ts:1: Links"]);
    expect(builtinLiterals("x.ts", "const kinds = ['grid', 'form'];")).toEqual(["x.ts:1: grid", "x.ts:1: form"]);
    expect(builtinLiterals("x.tsx", '<div data-testid="kanban" />')).toEqual([]);
  });

  it("name no built-in field type, view type, importer or notifier", () => {
    const found = sources(SRC).flatMap((path) => builtinLiterals(relative(SRC, path), readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });
});
