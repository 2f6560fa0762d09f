import { describe, expect, it } from "vitest";
import { cellText, parseInput } from "./cells";
import { validateFieldTitle } from "./FieldDialog";

describe("cells", () => {
  it("show values as text", () => {
    expect(cellText(null, { uidt: "SingleLineText" })).toBe("");
    expect(cellText(true, { uidt: "Checkbox" })).toBe("✓");
    expect(cellText(false, { uidt: "Checkbox" })).toBe("");
    expect(cellText({ a: 1 }, { uidt: "JSON" })).toBe('{"a":1}');
    expect(cellText(3.5, { uidt: "Decimal" })).toBe("3.5");
  });

  it("parse typed text: empty clears, numbers become numbers, bad numbers stay for the server to refuse", () => {
    expect(parseInput("", { uidt: "SingleLineText" })).toBeNull();
    expect(parseInput("42", { uidt: "Number" })).toBe(42);
    expect(parseInput(" 2.5 ", { uidt: "Decimal" })).toBe(2.5);
    expect(parseInput("lots", { uidt: "Number" })).toBe("lots");
    expect(parseInput("42", { uidt: "SingleLineText" })).toBe("42");
  });
});

describe("field names", () => {
  it("are required and unique in the table, ignoring case, except the field's own", () => {
    expect(validateFieldTitle(" ", [])).toBe("field.title.required");
    expect(validateFieldTitle("name", ["Name"])).toBe("field.title.taken");
    expect(validateFieldTitle("Name", ["Name"], "Name")).toBeNull();
    expect(validateFieldTitle("Age", ["Name"])).toBeNull();
  });
});
