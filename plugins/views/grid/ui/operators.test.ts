import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { OP_SYMBOLS, opLabel, opOption } from "./FilterEditor";

const catalogues: Record<string, Record<string, string>> = JSON.parse(readFileSync(resolve(__dirname, "../messages.json"), "utf8"));
const intlFor = (lang: string) =>
  createIntl({ locale: lang.replace("_", "-"), messages: Object.fromEntries(Object.entries(catalogues[lang]).map(([k, v]) => [`plugin.view_grid.${k}`, v])), onError: (e) => { throw e; } });
const COMPARISONS = ["eq", "neq", "gt", "lt", "ge", "le", "gte", "lte"];

describe("filter operators", () => {
  it("read as words in English, with the symbol as a hint in the lists", () => {
    const intl = intlFor("en");
    expect(opLabel(intl, "eq")).toBe("is");
    expect(opLabel(intl, "neq")).toBe("is not");
    expect(opLabel(intl, "gt")).toBe("is greater than");
    expect(opLabel(intl, "le")).toBe("is less than or equal to");
    expect(opLabel(intl, "isWithin", "Date")).toBe("is within");
    expect(opLabel(intl, "blank")).toBe("is blank");
    expect(opOption(intl, "gt", "Number")).toBe("is greater than (>)");
    expect(opOption(intl, "like", "SingleLineText")).toBe("contains");
  });

  it("read as days on dates, without the symbol", () => {
    const intl = intlFor("en");
    expect(opLabel(intl, "gt", "Date")).toBe("is after");
    expect(opLabel(intl, "lte", "DateTime")).toBe("is on or before");
    expect(opOption(intl, "lt", "Date")).toBe("is before");
    expect(opLabel(intl, "eq", "Date")).toBe("is");
  });

  it.each(Object.keys(catalogues))("are words in %s, never bare symbols", (lang) => {
    const intl = intlFor(lang);
    const symbols = new Set(Object.values(OP_SYMBOLS));
    for (const op of COMPARISONS) {
      for (const uidt of ["Number", "Date"]) {
        const label = opLabel(intl, op, uidt);
        expect(label.trim(), `${lang}:${op}:${uidt}`).not.toBe("");
        expect(symbols.has(label.trim()), `${lang}:${op}:${uidt}`).toBe(false);
      }
    }
  });
});
