import { describe, expect, it } from "vitest";
import { linkSearchWhere } from "./api";
import { fillable, formFields, isRequired, validateForm, type FormField } from "./formRules";
import { linkKeys, linkValue } from "./LinkPicker";

describe("shared form links", () => {
  it("finds the linked table's key and display value", () => {
    const related = { id: "t", title: "People", columns: [{ id: "1", title: "Id", uidt: "ID", pk: true }, { id: "2", title: "Name", uidt: "SingleLineText", pv: true }] };
    expect(linkKeys(related)).toEqual({ pk: "Id", pv: "Name" });
    expect(linkKeys(undefined)).toEqual({ pk: "Id", pv: "Id" });
  });

  it("sends a key for belongs-to and a list of keys otherwise", () => {
    const picked = [{ Id: 3, Name: "Cy" }, { Id: 1, Name: "Ann" }];
    expect(linkValue(picked, false, "Id")).toEqual([3, 1]);
    expect(linkValue(picked.slice(0, 1), true, "Id")).toBe(3);
    expect(linkValue([], true, "Id")).toBeNull();
  });

  it("searches the display value, without characters that would break the where syntax", () => {
    expect(linkSearchWhere("Name", " an ")).toBe("(Name,like,%an%)");
    expect(linkSearchWhere("Name", "a,b)")).toBe("(Name,like,%a b %)");
    expect(linkSearchWhere("Name", "  ")).toBeUndefined();
    expect(linkSearchWhere(undefined, "x")).toBeUndefined();
  });

  it("offers link fields in the form and requires a required one to hold an item", () => {
    const link: FormField = { id: "l", title: "Helpers", uidt: "Links", colOptions: { type: "mm" } };
    expect(fillable(link)).toBe(true);
    expect(fillable({ uidt: "Lookup" })).toBe(false);
    expect(formFields([{ ...link }, { id: "n", title: "Name", uidt: "SingleLineText" }]).map((f) => f.title)).toEqual(["Helpers", "Name"]);
    expect(isRequired({ ...link, rqd: true })).toBe(true);
    expect(isRequired(link)).toBe(false);
    expect(validateForm([{ ...link, required: true }], { Helpers: [] })).toEqual({ Helpers: { id: "form.fieldRequired", values: { name: "Helpers" } } });
    expect(validateForm([{ ...link, required: true }], { Helpers: [{ Id: 1 }] })).toEqual({});
  });
});
