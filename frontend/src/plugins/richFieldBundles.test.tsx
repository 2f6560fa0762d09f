// The rich field types' UI bundles (links, lookups and rollups, attachments), built as the
// server ships them: cells show linked records as chips (or their count, translated),
// lookups as lists, attachments as thumbnails through their signed links.
import { render, screen } from "@testing-library/react";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import type { PluginDefinition, PluginHost } from "./hostApi";
import { loadPlugins } from "./loader";
import { catalogueTexts } from "../test/pluginTexts";

const host: PluginHost = { api: null, injectSlice: () => undefined };
let outDir: string;
const bundles: Record<string, { definition: PluginDefinition; module: Record<string, unknown> }> = {};

beforeAll(async () => {
  const cache = resolve(__dirname, "../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-rich-"));
  const script = pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  for (const [name, id] of [["links", "field_links"], ["lookup_rollup", "field_lookup_rollup"], ["attachment", "field_attachment"]]) {
    const dir = join(outDir, name);
    cpSync(resolve(__dirname, `../../../plugins/field_types/${name}/ui`), join(dir, "ui"), { recursive: true });
    const bundle = await buildPluginBundle(join(dir, "ui", "index.tsx"), join(dir, "static"));
    const loaded = await loadPlugins([{ id, url: bundle }], host, (url) => import(/* @vite-ignore */ url));
    expect(loaded.failed).toEqual([]);
    bundles[name] = { definition: loaded.plugins[0], module: await import(/* @vite-ignore */ bundle) };
  }
}, 180_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function show(name: string, uidt: string, value: unknown, lang = "en", colOptions: Record<string, unknown> = { type: "hm" }) {
  const definition = bundles[name].definition;
  const Cell = definition.fieldTypes![uidt].Cell!;
  return render(
    <IntlProvider locale={lang} messages={catalogueTexts(lang)}>
      <Cell value={value} column={{ id: "c1", title: "F", uidt, colOptions }} tableId="t1" rowId={1} />
    </IntlProvider>,
  );
}

describe("link cells", () => {
  it("show the linked records' display values as chips", () => {
    show("links", "Links", [{ Id: 1, Name: "o1" }, { Id: 2, Name: "o2" }, { Id: 3 }]);
    expect(screen.getAllByTestId("link-chip").map((c) => c.textContent)).toEqual(["o1", "o2", "3"]);
  });

  it("show a count, translated, until the records are read; nothing for none", () => {
    const { container } = show("links", "Links", 3, "de");
    expect(container.textContent).toBe("3 Datensätze");
    const empty = show("links", "Links", 0);
    expect(empty.container.textContent).toBe("");
  });

  it("show a belongs-to parent as one chip", () => {
    show("links", "Links", { Id: 4, Name: "Ada" }, "en", { type: "bt" });
    expect(screen.getByTestId("link-chip").textContent).toBe("Ada");
  });

  it("search the display value with a where clause that cannot be broken out of", () => {
    const searchWhere = bundles.links.module.searchWhere as (f: string | undefined, t: string) => string | undefined;
    expect(searchWhere("Name", " ada ")).toBe("(Name,like,%ada%)");
    expect(searchWhere("Name", "a),(b")).toBe("(Name,like,%a   b%)");
    expect(searchWhere("Name", "  ")).toBeUndefined();
    expect(searchWhere(undefined, "x")).toBeUndefined();
  });
});

describe("lookup and rollup cells", () => {
  it("list the looked-up values (links by their display value)", () => {
    show("lookup_rollup", "Lookup", ["o1", null, { Id: 2, Name: "o2" }, true]);
    expect(screen.getAllByTestId("lookup-item").map((c) => c.textContent)).toEqual(["o1", "o2", "✓"]);
  });

  it("format a rollup's number for the language", () => {
    show("lookup_rollup", "Rollup", 1234.5, "de");
    expect(screen.getByTestId("rollup-value").textContent).toBe("1.234,5");
  });
});

describe("attachment cells", () => {
  it("show images through their signed link and other files as chips", () => {
    show("attachment", "Attachment", [
      { title: "a.png", mimetype: "image/png", path: "download/x/a.png", signedPath: "api/v1/db/storage/dltemp/1/s/a.png" },
      { title: "b.pdf", mimetype: "application/pdf", url: "https://example.com/b.pdf" },
    ]);
    expect(screen.getByTestId("attachment-thumb").getAttribute("src")).toBe("/api/v1/db/storage/dltemp/1/s/a.png");
    expect(screen.getByTestId("attachment-chip").textContent).toBe("b.pdf");
  });

  it("read a list stored as JSON text and ignore what is not a list", () => {
    const filesOf = bundles.attachment.module.filesOf as (v: unknown) => unknown[];
    expect(filesOf('[{"title":"a"}]')).toEqual([{ title: "a" }]);
    expect(filesOf("not json")).toEqual([]);
    expect(filesOf({ title: "a" })).toEqual([]);
  });
});
