// Every plugin's messages (plugins/**/messages.json, beside its __init__.py: the catalogue's
// labels and its UI bundle's texts) carry each of the host's languages (i18n/*.json), each
// with the English keys, translated where they are words.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../../..");
const languages = readdirSync(join(root, "i18n")).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort();

function catalogues(dir: string, depth = 0): string[] {
  if (depth > 4) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "static" || name.startsWith(".") || name === "__pycache__") continue;
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (existsSync(join(path, "__init__.py")) && existsSync(join(path, "messages.json"))) found.push(join(path, "messages.json"));
    else found.push(...catalogues(path, depth + 1));
  }
  return found;
}

describe("plugin UI catalogues", () => {
  const files = catalogues(join(root, "plugins"));

  it("are found", () => {
    expect(files.some((f) => f.includes("field_types/selects"))).toBe(true);
  });

  it.each(files.map((f) => [f.slice(root.length + 1), f]))("%s carries every language and key", (_, file) => {
    const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>;
    expect(Object.keys(messages).sort()).toEqual(languages);
    const keys = Object.keys(messages.en).sort();
    for (const lang of languages) {
      expect(Object.keys(messages[lang]).sort(), `${lang}`).toEqual(keys);
      for (const key of keys) expect(messages[lang][key].trim(), `${lang}.${key}`).not.toBe("");
    }
  });
});
