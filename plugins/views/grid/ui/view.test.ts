import { describe, expect, it } from "vitest";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import { whereValue } from "@workbench/plugin-api";
import { searchWhere } from "./search";
import { arrangeColumns, draggedOrder, dropIndex, filterTree, movedOrder } from "./viewOrder";

const col = (id: string, title: string, uidt: string, pv = false): Column => ({ id, title, uidt, pv });
const columns = [col("c1", "Name", "SingleLineText", true), col("c2", "Qty", "Number"), col("c3", "Done", "Checkbox")];

describe("search", () => {
  it("uses like for text and eq for numbers, on the chosen field or the display value", () => {
    expect(searchWhere(columns, null, "ada")).toBe("(Name,like,ada)");
    expect(searchWhere(columns, "c2", " 42 ")).toBe("(Qty,eq,42)");
    expect(searchWhere(columns, "c3", "x")).toBe("(Name,like,x)");
    expect(searchWhere(columns, null, "  ")).toBeUndefined();
    expect(searchWhere([col("c3", "Done", "Checkbox")], null, "x")).toBeUndefined();
  });

  it("quotes operands with special characters", () => {
    expect(whereValue("plain")).toBe("plain");
    expect(whereValue("a, b (c)")).toBe('"a, b (c)"');
    expect(whereValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(searchWhere([col("c9", "My field", "SingleLineText")], null, "x,y")).toBe('("My field",like,"x,y")');
  });
});

describe("view fields", () => {
  it("follow the view's order and hide hidden ones", () => {
    const vc = [
      { id: "v1", fk_column_id: "c1", show: true, order: 3 },
      { id: "v2", fk_column_id: "c2", show: false, order: 1 },
      { id: "v3", fk_column_id: "c3", show: true, order: 2 },
    ];
    const { shown, hidden } = arrangeColumns(columns, vc);
    expect(shown.map((c) => c.id)).toEqual(["c3", "c1"]);
    expect(hidden.map((c) => c.id)).toEqual(["c2"]);
    expect(arrangeColumns(columns, undefined).shown).toHaveLength(3);
  });

  it("move a field between its neighbours", () => {
    expect(movedOrder([1, 2, 3], 2, -1)).toBe(1.5);
    expect(movedOrder([1, 2, 3], 0, 1)).toBe(2.5);
    expect(movedOrder([1, 2, 3], 1, -1)).toBe(0);
    expect(movedOrder([1, 2, 3], 1, 1)).toBe(4);
    expect(movedOrder([1, 2, 3], 0, -1)).toBeNull();
    expect(movedOrder([1, 2, 3], 2, 1)).toBeNull();
  });
});

describe("filter tree", () => {
  it("nests conditions under their groups, in order", () => {
    const f = (id: string, parent: string | null, group = false) => ({
      id, fk_parent_id: parent, fk_column_id: group ? null : "c1", comparison_op: group ? null : "eq", value: "1",
      logical_op: "and", is_group: group,
    });
    const tree = filterTree([f("a", null), f("g", null, true), f("b", "g"), f("c", "g")]);
    expect(tree.map((n) => n.filter.id)).toEqual(["a", "g"]);
    expect(tree[1].children.map((n) => n.filter.id)).toEqual(["b", "c"]);
    expect(tree[0].children).toEqual([]);
  });
});

describe("dragging a header", () => {
  it("puts the field between its new neighbours", () => {
    const orders = [1, 2, 3, 4];
    expect(draggedOrder(orders, 0, 2)).toBe(3.5);
    expect(draggedOrder(orders, 3, 0)).toBe(0);
    expect(draggedOrder(orders, 1, 3)).toBe(5);
    expect(draggedOrder(orders, 2, 2)).toBeNull();
  });

  it("drops before or after the header it is over", () => {
    expect(dropIndex(0, 2, false)).toBe(1);
    expect(dropIndex(0, 2, true)).toBe(2);
    expect(dropIndex(3, 1, false)).toBe(1);
    expect(dropIndex(3, 1, true)).toBe(2);
  });
});
