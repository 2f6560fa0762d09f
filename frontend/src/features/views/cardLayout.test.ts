import { describe, expect, it } from "vitest";
import { arrangeCardFields, isEmptyValue, ordersForMove } from "./cardLayout";

const columns = [
  { id: "id", pk: true, system: false },
  { id: "name", pv: true },
  { id: "a" },
  { id: "b" },
  { id: "c" },
  { id: "cover" },
  { id: "created", system: true },
];
const vf = (id: string, order: number | null, show = true) => ({ id: `v${id}`, fk_column_id: id, order, show });

describe("arrangeCardFields", () => {
  it("lists the fields a card may show in the view's order, without key, title, system and excluded fields", () => {
    const fields = arrangeCardFields(columns, [vf("a", 3), vf("b", 1, false), vf("c", 2)], ["cover"]);
    expect(fields.map((f) => [f.column.id, f.show])).toEqual([
      ["b", false],
      ["c", true],
      ["a", true],
    ]);
  });

  it("keeps the table's order for fields the view does not list, after the listed ones", () => {
    expect(arrangeCardFields(columns, [vf("c", 1)]).map((f) => f.column.id)).toEqual(["c", "a", "b", "cover"]);
    expect(arrangeCardFields(columns, undefined).map((f) => f.column.id)).toEqual(["a", "b", "c", "cover"]);
  });
});

describe("ordersForMove", () => {
  const fields = arrangeCardFields(columns, [vf("a", 1), vf("b", 2), vf("c", 3)], ["cover"]);

  it("numbers the list again and writes only the orders that change", () => {
    expect(ordersForMove(fields, 2, 0)).toEqual([
      { columnId: "c", order: 1 },
      { columnId: "a", order: 2 },
      { columnId: "b", order: 3 },
    ]);
    expect(ordersForMove(fields, 0, 1)).toEqual([
      { columnId: "b", order: 1 },
      { columnId: "a", order: 2 },
    ]);
  });

  it("moves nothing past either end or onto itself", () => {
    expect(ordersForMove(fields, 0, -1)).toEqual([]);
    expect(ordersForMove(fields, 2, 3)).toEqual([]);
    expect(ordersForMove(fields, 1, 1)).toEqual([]);
  });

  it("gives equal orders distinct places", () => {
    const tied = arrangeCardFields(columns, [vf("a", 0), vf("b", 0), vf("c", 0)], ["cover"]);
    expect(ordersForMove(tied, 1, 0)).toEqual([
      { columnId: "b", order: 1 },
      { columnId: "a", order: 2 },
      { columnId: "c", order: 3 },
    ]);
  });
});

describe("isEmptyValue", () => {
  it("treats missing, blank and empty lists as empty, zero and false as values", () => {
    for (const v of [null, undefined, "", "  ", [], {}, "[]"]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, "x", [1], { a: 1 }]) expect(isEmptyValue(v)).toBe(false);
  });
});
