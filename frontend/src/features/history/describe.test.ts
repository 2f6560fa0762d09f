// How history shows a field's old and new values.
import { describe, expect, it } from "vitest";
import { valueText } from "./describe";

describe("valueText", () => {
  it("marks empty values", () => {
    for (const empty of [null, undefined, "", []]) expect(valueText(empty, "(empty)")).toBe("(empty)");
  });

  it("shows text and numbers as they are, true and false in words", () => {
    expect(valueText("bolt", "-")).toBe("bolt");
    expect(valueText(4.5, "-")).toBe("4.5");
    expect(valueText(true, "-", { yes: "ja", no: "nein" })).toBe("ja");
    expect(valueText(false, "-", { yes: "ja", no: "nein" })).toBe("nein");
    expect(valueText(0, "-")).toBe("0");
  });

  it("joins lists and names files and records by their title", () => {
    expect(valueText(["a", "b"], "-")).toBe("a, b");
    expect(valueText([{ title: "report.pdf", url: "x" }, { title: "photo.png" }], "-")).toBe("report.pdf, photo.png");
    expect(valueText({ lat: 1, lng: 2 }, "-")).toBe('{"lat":1,"lng":2}');
  });
});
