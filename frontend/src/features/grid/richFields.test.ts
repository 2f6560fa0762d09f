import { describe, expect, it } from "vitest";
import type { Column } from "../tables/api";
import {
  countedLinkFields,
  formulaError,
  isFormulaError,
  linkedByKey,
  missingSetting,
  richFieldBody,
  settingsOf,
} from "./richFields";

const col = (c: Partial<Column>): Column => ({ id: "c", title: "T", uidt: "SingleLineText", ...c });

describe("rich field bodies", () => {
  it("sends a link's kind and table only when it is created", () => {
    expect(richFieldBody("Orders", "Links", { childId: "md_o", type: "mm" })).toEqual({
      title: "Orders", uidt: "Links", type: "mm", childId: "md_o",
    });
    expect(richFieldBody("Orders 2", "Links", { childId: "md_o", type: "mm" }, true)).toEqual({ title: "Orders 2", uidt: "Links" });
  });

  it("names the link and related field of lookups and rollups as NocoDB does", () => {
    expect(richFieldBody("Names", "Lookup", { relationId: "l1", targetId: "t1" })).toEqual({
      title: "Names", uidt: "Lookup", fk_relation_column_id: "l1", fk_lookup_column_id: "t1",
    });
    expect(richFieldBody("Sum", "Rollup", { relationId: "l1", targetId: "t2", rollupFunction: "avg" })).toMatchObject({
      fk_rollup_column_id: "t2", rollup_function: "avg",
    });
    expect(richFieldBody("N", "Count", { relationId: "l1" })).toEqual({ title: "N", uidt: "Count", fk_relation_column_id: "l1" });
  });

  it("sends formulas and code sources", () => {
    expect(richFieldBody("F", "Formula", { formula: "{A} + 1" })).toEqual({ title: "F", uidt: "Formula", formula_raw: "{A} + 1" });
    expect(richFieldBody("Q", "QrCode", { sourceId: "s" })).toEqual({ title: "Q", uidt: "QrCode", fk_qr_value_column_id: "s" });
    expect(richFieldBody("B", "Barcode", { sourceId: "s", barcodeFormat: "EAN13" })).toEqual({
      title: "B", uidt: "Barcode", fk_barcode_value_column_id: "s", meta: { barcodeFormat: "EAN13" },
    });
    expect(richFieldBody("A", "Attachment", {})).toEqual({ title: "A", uidt: "Attachment" });
  });

  it("says what is missing before sending", () => {
    expect(missingSetting("Links", {})).toBe("field.rich.pickTable");
    expect(missingSetting("Lookup", { relationId: "l" })).toBe("field.rich.pickField");
    expect(missingSetting("Count", {})).toBe("field.rich.pickLink");
    expect(missingSetting("Formula", { formula: "  " })).toBe("field.rich.formulaRequired");
    expect(missingSetting("QrCode", {})).toBe("field.rich.pickSource");
    expect(missingSetting("Rollup", { relationId: "l", targetId: "t" })).toBeNull();
    expect(missingSetting("Attachment", {})).toBeNull();
  });

  it("reads the settings of an existing field back", () => {
    const rollup = col({ uidt: "Rollup", colOptions: { fk_relation_column_id: "l", fk_rollup_column_id: "t", rollup_function: "max" } });
    expect(settingsOf(rollup)).toMatchObject({ relationId: "l", targetId: "t", rollupFunction: "max" });
    const code = col({ uidt: "Barcode", colOptions: { fk_barcode_value_column_id: "s" }, meta: { barcodeFormat: "UPC" } });
    expect(settingsOf(code)).toMatchObject({ sourceId: "s", barcodeFormat: "UPC" });
    expect(settingsOf(null)).toMatchObject({ type: "hm", rollupFunction: "sum", formula: "" });
  });
});

describe("formula errors", () => {
  it("splits the server's message into the text and the position", () => {
    const message = "Field 'Double': Invalid formula: Unexpected end of formula at position 10";
    expect(isFormulaError(message)).toBe(true);
    expect(formulaError(message)).toEqual({ text: "Unexpected end of formula", position: 10 });
    expect(formulaError("Invalid formula: Circular reference: A → B")).toEqual({ text: "Circular reference: A → B", position: null });
    expect(isFormulaError("field is used by formula X")).toBe(false);
    expect(isFormulaError(null)).toBe(false);
  });
});

describe("linked records of a grid page", () => {
  it("reads only has-many and many-to-many Links fields, whose v2 value is a count", () => {
    const columns = [
      col({ id: "1", title: "Orders", uidt: "Links", colOptions: { type: "hm" } }),
      col({ id: "2", title: "Tags", uidt: "Links", colOptions: { type: "mm" } }),
      col({ id: "3", title: "Customer", uidt: "Links", colOptions: { type: "bt" } }),
      col({ id: "4", title: "Old", uidt: "LinkToAnotherRecord", colOptions: { type: "hm" } }),
      col({ id: "5", title: "Name" }),
    ];
    expect(countedLinkFields(columns).map((c) => c.title)).toEqual(["Orders", "Tags"]);
  });

  it("maps the rows by primary key, keeping the lists only", () => {
    const rows = [
      { Id: 1, Orders: [{ Id: 7, Name: "o7" }] },
      { Id: 2, Orders: 0 },
    ];
    const map = linkedByKey(rows, "Id", ["Orders"]);
    expect(map.get("1")).toEqual({ Orders: [{ Id: 7, Name: "o7" }] });
    expect(map.get("2")).toEqual({});
  });
});
