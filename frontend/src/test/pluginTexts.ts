// The texts the catalogue ships for the built-in plugins in one language, read from their
// messages.json files as the server reads them (namespaced plugin.<plugin>.<key>, English
// filling the gaps): the bundles do not carry their texts, the catalogue does.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");

export function catalogueTexts(lang: string): Record<string, string> {
  const cfg = readFileSync(join(ROOT, "setup.cfg"), "utf8");
  const texts: Record<string, string> = {};
  for (const [, name, module] of cfg.matchAll(/^\s+(\w+) = workbench_plugins\.([\w.]+)\s*$/gm)) {
    const file = join(ROOT, "plugins", ...module.split("."), "messages.json");
    if (!existsSync(file)) continue;
    const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>;
    for (const [key, text] of Object.entries({ ...all.en, ...all[lang] })) texts[`plugin.${name}.${key}`] = text;
  }
  return texts;
}
