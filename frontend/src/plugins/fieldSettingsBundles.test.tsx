// The settings components the field type bundles give the field dialog, built as the server
// ships them: the keys each sends (NocoDB's option names), what each reads back from an
// existing field, and a formula's refusal shown under its text.
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import type { PluginDefinition, PluginHost, SettingsProps } from "./hostApi";
import { loadPlugins } from "./loader";
import { catalogueTexts } from "../test/pluginTexts";
import { pathToFileURL } from "node:url";

const host: PluginHost = { api: null, injectSlice: () => undefined };
let outDir: string;
const bundles: Record<string, PluginDefinition> = {};
const BUNDLES = [
  ["links", "field_links"],
  ["lookup_rollup", "field_lookup_rollup"],
  ["formula", "field_formula"],
  ["barcode", "field_barcode"],
  ["selects", "field_selects"],
];

const NEEDS: Record<string, string[]> = { barcode: ["qrcode"], formula: ["text"] };

beforeAll(async () => {
  const cache = resolve(__dirname, "../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-settings-"));
  const script = pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  for (const [name, id] of BUNDLES) {
    const dir = join(outDir, name);
    cpSync(resolve(__dirname, `../../../plugins/field_types/${name}/ui`), join(dir, "ui"), { recursive: true });
    // the folders of the plugins it needs, which its sources import
    for (const needed of NEEDS[name] ?? []) {
      cpSync(resolve(__dirname, `../../../plugins/field_types/${needed}`), join(outDir, needed), { recursive: true });
    }
    const bundle = await buildPluginBundle(join(dir, "ui", "index.tsx"), join(dir, "static"));
    const loaded = await loadPlugins([{ id, url: bundle }], host, (url) => import(/* @vite-ignore */ url));
    expect(loaded.failed).toEqual([]);
    bundles[name] = loaded.plugins[0];
  }
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const columns = [
  { id: "c_name", title: "Name", uidt: "SingleLineText" },
  { id: "c_sum", title: "Amount", uidt: "Number" },
  { id: "c_link", title: "Orders", uidt: "Links", colOptions: { type: "hm", fk_related_model_id: "md_o" } },
  { id: "c_when", title: "When", uidt: "Date" },
];

/** A bundle's settings for `uidt`, holding the value as the dialog does; `last()` is the last
 * value given. */
function settings(name: string, uidt: string, props: Partial<SettingsProps> = {}) {
  const ui = bundles[name].fieldTypes![uidt];
  const Settings = ui.Settings!;
  let latest: Record<string, unknown> = props.value ?? {};
  function Holder() {
    const [value, setValue] = useState<Record<string, unknown>>(props.value ?? {});
    return (
      <Settings
        uidt={uidt}
        columns={columns}
        {...props}
        value={value}
        onChange={(next) => {
          latest = next;
          setValue(next);
        }}
      />
    );
  }
  render(
    <IntlProvider locale="en" messages={catalogueTexts("en")}>
      <Holder />
    </IntlProvider>,
  );
  return { ui, last: () => latest };
}

describe("field settings from the bundles", () => {
  it("a count picks the link field it counts", () => {
    const { last } = settings("links", "Count");
    const relation = screen.getByTestId("field-relation") as HTMLSelectElement;
    expect([...relation.options].map((o) => o.textContent)).toEqual(["Choose…", "Orders"]);
    fireEvent.change(relation, { target: { value: "c_link" } });
    expect(last()).toEqual({ fk_relation_column_id: "c_link" });
  });

  it("a new link picks its kind; an existing one sends nothing", () => {
    const { ui, last } = settings("links", "Links", { projectId: "p_1" });
    fireEvent.click(screen.getByTestId("field-link-kind-mm"));
    expect(last()).toEqual({ type: "mm" });
    expect(ui.settingsOf!({ id: "c", title: "Orders", uidt: "Links", colOptions: { type: "hm" } })).toEqual({});
  });

  it("a rollup picks its link, the linked field and the function; a lookup reads its options back", () => {
    const { last } = settings("lookup_rollup", "Rollup", { value: { rollup_function: "sum" } });
    fireEvent.change(screen.getByTestId("field-relation"), { target: { value: "c_link" } });
    fireEvent.change(screen.getByTestId("field-rollup-function"), { target: { value: "max" } });
    expect(last()).toEqual({ fk_relation_column_id: "c_link", fk_rollup_column_id: undefined, rollup_function: "max" });
    const lookup = bundles.lookup_rollup.fieldTypes!.Lookup;
    const column = { id: "c", title: "Names", uidt: "Lookup", colOptions: { fk_relation_column_id: "l", fk_lookup_column_id: "t" } };
    expect(lookup.settingsOf!(column)).toEqual({ fk_relation_column_id: "l", fk_lookup_column_id: "t" });
  });

  it("a formula sends its text and shows the server's refusal at its position", () => {
    const refusal = "Field 'Double': Invalid formula: Unexpected end of formula at position 10";
    const { ui, last } = settings("formula", "Formula", { value: { formula_raw: "{Total} * " }, serverError: refusal });
    expect(ui.ownsError!(refusal)).toBe(true);
    expect(ui.ownsError!("field is used by formula X")).toBe(false);
    expect(screen.getByTestId("formula-error").textContent).toContain("Unexpected end of formula (at character 11)");
    fireEvent.change(screen.getByTestId("field-formula"), { target: { value: "{Total} * 2" } });
    expect(last()).toEqual({ formula_raw: "{Total} * 2" });
  });

  it("a barcode shows the fields it can encode and its format under meta", () => {
    const { ui, last } = settings("barcode", "Barcode");
    const source = screen.getByTestId("field-source") as HTMLSelectElement;
    expect([...source.options].map((o) => o.textContent)).toEqual(["Choose…", "Name", "Amount"]);
    fireEvent.change(source, { target: { value: "c_name" } });
    fireEvent.change(screen.getByTestId("field-barcode-format"), { target: { value: "EAN13" } });
    expect(last()).toEqual({ fk_barcode_value_column_id: "c_name", meta: { barcodeFormat: "EAN13" } });
    const column = { id: "c", title: "Code", uidt: "Barcode", colOptions: { fk_barcode_value_column_id: "s" }, meta: { barcodeFormat: "UPC" } };
    expect(ui.settingsOf!(column)).toEqual({ fk_barcode_value_column_id: "s", meta: { barcodeFormat: "UPC" } });
  });

  it("a select takes its options as a comma separated list", () => {
    const { last } = settings("selects", "SingleSelect");
    fireEvent.change(screen.getByTestId("field-options"), { target: { value: "a, b ,, c" } });
    expect(last()).toEqual({ colOptions: { options: [{ title: "a" }, { title: "b" }, { title: "c" }] } });
    fireEvent.change(screen.getByTestId("field-options"), { target: { value: " " } });
    expect(last()).toEqual({});
  });
});
