import { describe, expect, it } from "vitest";
import { coerceCell, planPaste, rowsPastEnd } from "./paste";

const text = { title: "Name", uidt: "SingleLineText" };
const qty = { title: "Qty", uidt: "Number" };
const ok = { title: "Ok", uidt: "Checkbox" };
const status = { title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "todo" }, { title: "done" }] } };
const tags = { title: "Tags", uidt: "MultiSelect", colOptions: { options: [{ title: "a" }, { title: "b" }] } };
const due = { title: "Due", uidt: "Date" };
const id = { title: "Auto", uidt: "AutoNumber" };

describe("coercing pasted text", () => {
  it("through each field type", () => {
    expect(coerceCell("hello", text)).toEqual({ ok: true, value: "hello" });
    expect(coerceCell(" 1,200 ", qty)).toEqual({ ok: true, value: 1200 });
    // whole numbers are the server's to check (the catalogue says a type is a number, not which)
    expect(coerceCell("1.5", qty)).toEqual({ ok: true, value: 1.5 });
    expect(coerceCell("1.5", { uidt: "Decimal" })).toEqual({ ok: true, value: 1.5 });
    expect(coerceCell("many", qty)).toEqual({ ok: false, reason: "number" });
    expect(coerceCell("", qty)).toEqual({ ok: true, value: null });
    expect(coerceCell("TRUE", ok)).toEqual({ ok: true, value: true });
    expect(coerceCell("", ok)).toEqual({ ok: true, value: false });
    expect(coerceCell("maybe", ok)).toEqual({ ok: false, reason: "checkbox" });
    expect(coerceCell("Done", status)).toEqual({ ok: true, value: "done" });
    expect(coerceCell("later", status)).toEqual({ ok: false, reason: "option" });
    expect(coerceCell("b, a, b", tags)).toEqual({ ok: true, value: "b,a" });
    expect(coerceCell("a,z", tags)).toEqual({ ok: false, reason: "option" });
    expect(coerceCell("2024-02-29", due)).toEqual({ ok: true, value: "2024-02-29" });
    expect(coerceCell("29/02/2024", due)).toEqual({ ok: false, reason: "date" });
    expect(coerceCell('{"k":1}', { uidt: "JSON" })).toEqual({ ok: true, value: { k: 1 } });
    expect(coerceCell("{", { uidt: "JSON" })).toEqual({ ok: false, reason: "json" });
    expect(coerceCell("7", id)).toEqual({ ok: false, reason: "readOnly" });
  });
});

describe("planning a paste", () => {
  const columns = [text, qty, ok];

  it("writes the block from the start cell, reporting what does not fit", () => {
    const plan = planPaste([["a", "1"], ["b", "x"]], { row: 0, col: 0 }, columns, 5, false);
    expect(plan.writes).toEqual([
      { row: 0, col: 0, value: "a" },
      { row: 0, col: 1, value: 1 },
      { row: 1, col: 0, value: "b" },
    ]);
    expect(plan.invalid).toEqual([{ row: 1, col: 1, text: "x", reason: "number" }]);
    expect(plan.newRows).toEqual([]);
  });

  it("leaves out columns past the last field", () => {
    const plan = planPaste([["1", "yes", "extra", "more"]], { row: 2, col: 1 }, columns, 5, false);
    expect(plan.writes).toEqual([{ row: 2, col: 1, value: 1 }, { row: 2, col: 2, value: true }]);
    expect(plan.droppedCols).toBe(2);
  });

  it("adds records for rows past the end only when asked", () => {
    const block = [["a", "1"], ["b", "2"], ["c", "3"]];
    expect(rowsPastEnd(3, 1, 2)).toBe(2);
    const without = planPaste(block, { row: 1, col: 0 }, columns, 2, false);
    expect(without.writes.map((w) => w.row)).toEqual([1, 1]);
    expect(without.newRows).toEqual([]);
    const withRows = planPaste(block, { row: 1, col: 0 }, columns, 2, true);
    expect(withRows.newRows).toEqual([{ Name: "b", Qty: 2 }, { Name: "c", Qty: 3 }]);
  });
});
