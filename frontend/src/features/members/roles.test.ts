import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/locales";
import { NAMED_ROLES, heldRoles, roleLabel } from "./roles";

const catalogue = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(__dirname, `../../../../i18n/${lang}.json`), "utf8"));

describe("role names", () => {
  it("name every role in every language, never by its id", () => {
    for (const lang of LANGUAGES) {
      const intl = createIntl({ locale: lang.replace("_", "-"), messages: catalogue(lang), onError: (e) => { throw e; } });
      for (const role of NAMED_ROLES) {
        const label = roleLabel(intl, role);
        expect(label, `${lang}:${role}`).not.toBe(role);
        expect(label, `${lang}:${role}`).not.toMatch(/^role\.|org-level/);
      }
    }
  });

  it("read in English as people say them", () => {
    const intl = createIntl({ locale: "en", messages: catalogue("en") });
    expect(roleLabel(intl, "creator")).toBe("Creator");
    expect(roleLabel(intl, "org-level-creator")).toBe("Organisation creator");
    expect(roleLabel(intl, "super")).toBe("Super admin");
  });

  it("turn a role this version does not know into words", () => {
    const intl = createIntl({ locale: "en", messages: {} });
    expect(roleLabel(intl, "data-steward")).toBe("Data steward");
  });

  it("are the roles held, whatever shape the server sends", () => {
    expect(heldRoles({ "org-level-creator": true, super: false })).toEqual(["org-level-creator"]);
    expect(heldRoles("owner,editor")).toEqual(["owner", "editor"]);
    expect(heldRoles(["viewer"])).toEqual(["viewer"]);
    expect(heldRoles(undefined)).toEqual([]);
  });
});
