import { describe, expect, it } from "vitest";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import { countedLinkFields, isDialogEdited, isReadOnlyType, isSelfSaving, linkedByKey, parseInput } from "./fields";

const col = (c: Partial<Column>): Column => ({ id: "c", title: "T", uidt: "SingleLineText", ...c });

describe("per-type decisions from the catalogue", () => {
  it("saves link fields through their own API and edits links and files in a dialog", () => {
    expect(isSelfSaving("Links")).toBe(true);
    expect(isSelfSaving("Attachment")).toBe(false);
    expect(isDialogEdited("Attachment")).toBe(true);
    expect(isDialogEdited("SingleLineText")).toBe(false);
    expect(isSelfSaving("NoSuchType")).toBe(false);
  });

  it("edits in place what the user sets, and sends typed numbers as numbers", () => {
    expect(isReadOnlyType("SingleLineText")).toBe(false);
    expect(isReadOnlyType("Links")).toBe(false);
    expect(isReadOnlyType("Formula")).toBe(true);
    expect(isReadOnlyType("NoSuchType")).toBe(true);
    expect(parseInput("", { uidt: "SingleLineText" })).toBeNull();
    expect(parseInput(" 42 ", { uidt: "Number" })).toBe(42);
    expect(parseInput("4x", { uidt: "Number" })).toBe("4x");
    expect(parseInput("42", { uidt: "SingleLineText" })).toBe("42");
  });
});

describe("linked records of a grid page", () => {
  it("reads the has-many and many-to-many fields of every type that links records", () => {
    const columns = [
      col({ id: "1", title: "Orders", uidt: "Links", colOptions: { type: "hm" } }),
      col({ id: "2", title: "Tags", uidt: "Links", colOptions: { type: "mm" } }),
      col({ id: "3", title: "Customer", uidt: "Links", colOptions: { type: "bt" } }),
      col({ id: "4", title: "Old", uidt: "LinkToAnotherRecord", colOptions: { type: "hm" } }),
      col({ id: "5", title: "Name" }),
    ];
    expect(countedLinkFields(columns).map((c) => c.title)).toEqual(["Orders", "Tags", "Old"]);
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
