// Filling a shared form from its link, and where the visitor goes after saving.
import { describe, expect, it } from "vitest";
import { prefilledValues, prefillMode, redirectTarget } from "./formPrefill";

const fields = [
  { id: "c1", title: "Name", uidt: "SingleLineText", label: "Your name" },
  { id: "c2", title: "Qty", uidt: "Number" },
  { id: "c3", title: "Paid", uidt: "Checkbox" },
  { id: "c4", title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "Todo" }, { title: "Done" }] } },
  { id: "c5", title: "Tags", uidt: "MultiSelect", colOptions: { options: [{ title: "a" }, { title: "b" }] } },
  { id: "c6", title: "Files", uidt: "Attachment" },
];

describe("form prefill", () => {
  it("reads each field's value from the query string by title or label, as the API takes it", () => {
    expect(prefilledValues(fields, "?Your%20name=Ann&Qty=12&Paid=yes&Status=Done&Tags=b,x,a")).toEqual({
      Name: "Ann",
      Qty: 12,
      Paid: true,
      Status: "Done",
      Tags: "b,a",
    });
  });

  it("leaves out what does not fit the field and what a link cannot fill", () => {
    expect(prefilledValues(fields, "?Qty=many&Status=Lost&Files=x.png&Other=1")).toEqual({});
    expect(prefilledValues(fields, "?Paid=no")).toEqual({ Paid: false });
  });

  it("knows three modes and falls back to editable", () => {
    expect(prefillMode({ preFilledMode: "hidden" })).toBe("hidden");
    expect(prefillMode({ preFilledMode: "locked" })).toBe("locked");
    expect(prefillMode({ preFilledMode: "weird" })).toBe("default");
    expect(prefillMode({})).toBe("default");
  });

  it("redirects only to http(s) addresses, with the new record's key", () => {
    expect(redirectTarget("https://example.com/thanks?id={record_id}", 7)).toBe("https://example.com/thanks?id=7");
    expect(redirectTarget("javascript:alert(1)", 7)).toBeNull();
    expect(redirectTarget("", 7)).toBeNull();
    expect(redirectTarget(null, 7)).toBeNull();
  });
});
