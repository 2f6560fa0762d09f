import { describe, expect, it } from "vitest";
import type { Column } from "../tables/api";
import { countedLinkFields, isDialogEdited, isSelfSaving } from "./richFields";

const col = (c: Partial<Column>): Column => ({ id: "c", title: "T", uidt: "SingleLineText", ...c });

describe("per-type decisions from the catalogue", () => {
  it("saves link fields through their own API and edits links and files in a dialog", () => {
    expect(isSelfSaving("Links")).toBe(true);
    expect(isSelfSaving("Attachment")).toBe(false);
    expect(isDialogEdited("Attachment")).toBe(true);
    expect(isDialogEdited("SingleLineText")).toBe(false);
    expect(isSelfSaving("NoSuchType")).toBe(false);
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
});
