// Every catalogue in i18n/ has exactly the keys of en.json, with the same placeholders.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, bestMatch, direction, matchLanguage, namespacePluginMessages } from "./locales";

const dir = resolve(__dirname, "../../../../i18n");
const load = (lang: string): Record<string, string> => JSON.parse(readFileSync(resolve(dir, `${lang}.json`), "utf8"));
const en = load("en");
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe("catalogues", () => {
  it("exist for the 31 languages and no others", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
    expect(files).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES).toHaveLength(31);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has every key, with the same placeholders", (lang) => {
    const catalogue = load(lang);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(typeof catalogue[key] === "string" && catalogue[key].trim() !== "", `${lang}:${key}`).toBe(true);
      expect(placeholders(catalogue[key]), `${lang}:${key}`).toEqual(placeholders(text));
    }
  });

  it("are translated, not copies of English", () => {
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      const catalogue = load(lang);
      const same = Object.keys(en).filter((k) => catalogue[k] === en[k] && k !== "app.name");
      expect(same.length, `${lang}: ${same.join(", ")}`).toBeLessThan(Object.keys(en).length / 4);
    }
  });
});

describe("language choice", () => {
  it("takes the browser's best supported match, else en", () => {
    expect(bestMatch(["xx-YY", "pt-BR", "en"])).toBe("pt_BR");
    expect(bestMatch(["pt-PT"])).toBe("pt");
    expect(bestMatch(["zh-TW"])).toBe("zh-Hant");
    expect(bestMatch(["zh-CN"])).toBe("zh-Hans");
    expect(bestMatch(["nb-NO"])).toBe("no");
    expect(bestMatch(["bn"])).toBe("bn_IN");
    expect(bestMatch(["tlh"])).toBe("en");
    expect(bestMatch(undefined)).toBe("en");
    expect(matchLanguage("")).toBeNull();
  });

  it("writes ar and fa right to left", () => {
    expect(direction("ar")).toBe("rtl");
    expect(direction("fa")).toBe("rtl");
    expect(direction("he")).toBe("ltr");
  });

  it("namespaces plugin messages under plugin.<id>.", () => {
    expect(namespacePluginMessages("rating", { label: "Rating", "plugin.rating.x": "X" })).toEqual({
      "plugin.rating.label": "Rating",
      "plugin.rating.x": "X",
    });
    expect(() => namespacePluginMessages("../evil", {})).toThrow();
  });
});
