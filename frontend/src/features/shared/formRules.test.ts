import { describe, expect, it } from "vitest";
import { fillable, formFields, isRequired, validateForm, type FormField } from "./formRules";

const text = (title: string, extra: Partial<FormField> = {}): FormField => ({ id: `c_${title}`, title, uidt: "SingleLineText", ...extra });

describe("shared form required rules", () => {
  it("requires a required field without default, or one marked required", () => {
    expect(isRequired(text("A", { rqd: true }))).toBe(true);
    expect(isRequired(text("A", { rqd: true, cdf: "x" }))).toBe(false);
    expect(isRequired(text("A", { required: true }))).toBe(true);
    expect(isRequired(text("A"))).toBe(false);
  });

  it("requires a primary key that is neither auto-increment nor has a default", () => {
    expect(isRequired(text("Code", { pk: true }))).toBe(true);
    expect(isRequired(text("Id", { pk: true, ai: true }))).toBe(false);
    expect(isRequired(text("Code", { pk: true, cdf: "1" }))).toBe(false);
  });

  it("requires a belongs-to link whose foreign key is required without default", () => {
    const fk = text("fk", { id: "fk", uidt: "ForeignKey", rqd: true });
    const link: FormField = { id: "l", title: "Owner", uidt: "LinkToAnotherRecord", colOptions: { type: "bt", fk_child_column_id: "fk" } };
    expect(isRequired(link, [fk, link])).toBe(true);
    expect(isRequired(link, [{ ...fk, cdf: "1" }, link])).toBe(false);
    expect(isRequired({ ...link, colOptions: { type: "hm" } }, [fk, link])).toBe(false);
    expect(isRequired({ ...link, colOptions: { type: "hm" }, required: true }, [fk, link])).toBe(true);
  });

  it("says which field is missing, by label then title; a required list needs one item", () => {
    const fields = [text("Name", { rqd: true }), text("Email", { required: true, label: "Your e-mail" }), text("Notes")];
    expect(validateForm(fields, {})).toEqual({
      Name: { id: "form.fieldRequired", values: { name: "Name" } },
      Email: { id: "form.fieldRequired", values: { name: "Your e-mail" } },
    });
    expect(validateForm(fields, { Name: "  ", Email: "a@b.c" })).toEqual({ Name: { id: "form.fieldRequired", values: { name: "Name" } } });
    expect(validateForm(fields, { Name: "x", Email: "a@b.c" })).toEqual({});
    const files = text("Files", { uidt: "Attachment", required: true });
    expect(validateForm([files], { Files: [] })).toHaveProperty("Files");
    expect(validateForm([files], { Files: [{}] })).toEqual({});
  });

  it("uses the generic message without a name and checks a minimum length", () => {
    expect(validateForm([text("", { required: true })], {})).toEqual({ "": { id: "form.valueRequired" } });
    const short = text("Code", { meta: { min_length: 3 } });
    expect(validateForm([short], { Code: "ab" })).toEqual({ Code: { id: "form.minLength", values: { n: 3 } } });
    expect(validateForm([short], { Code: "abc" })).toEqual({});
  });
});

describe("form fields", () => {
  it("leave out system, auto-increment and virtual fields and hidden ones, in the form's order", () => {
    const columns = [
      { id: "id", title: "Id", uidt: "ID", pk: true, ai: true, system: true },
      { id: "a", title: "A", uidt: "SingleLineText" },
      { id: "b", title: "B", uidt: "Number" },
      { id: "f", title: "F", uidt: "Formula" },
      { id: "c", title: "C", uidt: "LongText" },
    ];
    const viewColumns = [
      { fk_column_id: "a", order: 3, show: true, label: "First" },
      { fk_column_id: "b", order: 1, show: true, required: true },
      { fk_column_id: "c", order: 2, show: false },
    ];
    const fields = formFields(columns, viewColumns);
    expect(fields.map((f) => f.title)).toEqual(["B", "A"]);
    expect(fields[0].required).toBe(true);
    expect(fields[1].label).toBe("First");
    expect(fillable({ uidt: "SingleLineText", meta: { ag: true } })).toBe(false);
  });
});
