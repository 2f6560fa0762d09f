import { describe, expect, it } from "vitest";
import { groupingChanges, groupingOf, groupsOfLevels, groupSort } from "./grouping";
import { flatLayout, foldedAround, groupedLayout, groupTree, itemsBetween, rowTopIn, GROUP_HEADER_HEIGHT } from "./rowLayout";

const col = (id: string) => ({ id, title: id.toUpperCase(), uidt: "SingleLineText" });
const vc = (id: string, extra: object = {}) => ({ id: `v${id}`, fk_column_id: id, show: true, order: 1, ...extra });

describe("grouping of a view", () => {
  it("reads the grouped fields in their order, at most three", () => {
    const columns = ["a", "b", "c", "d"].map(col);
    const levels = groupingOf(columns, [
      vc("a", { group_by: true, group_by_order: 2 }),
      vc("b", { group_by: true, group_by_order: 1, group_by_sort: "desc" }),
      vc("c"),
      vc("d", { group_by: true, group_by_order: 3 }),
    ]);
    expect(levels.map((l) => [l.column.id, l.direction])).toEqual([["b", "desc"], ["a", "asc"], ["d", "asc"]]);
    expect(groupSort(levels)).toBe("-b,a,d");
    expect(groupSort([])).toBeUndefined();
  });

  it("tells whether groups read are those of a grouping", () => {
    const [a, b] = ["a", "b"].map(col);
    const byA = [{ column: a, direction: "asc" as const }];
    const byAB = [...byA, { column: b, direction: "desc" as const }];
    const rows = [{ A: "x", count: 2 }, { A: null, count: 1 }];
    expect(groupsOfLevels(rows, byA)).toBe(true);
    expect(groupsOfLevels(rows, byAB)).toBe(false);
    expect(groupsOfLevels([{ A: "x", B: 1, count: 2 }], byA)).toBe(false);
    expect(groupsOfLevels([{ A: "x", B: 1, count: 2 }], byAB)).toBe(true);
    expect(groupsOfLevels([], byAB)).toBe(true);
  });

  it("saves only the fields whose grouping changes", () => {
    const [a, b, c] = ["a", "b", "c"].map(col);
    const before = [{ column: a, direction: "asc" as const }, { column: b, direction: "asc" as const }];
    const after = [{ column: b, direction: "asc" as const }, { column: c, direction: "desc" as const }];
    expect(groupingChanges(before, after)).toEqual([
      { columnId: "a", settings: { group_by: false, group_by_order: null, group_by_sort: null } },
      { columnId: "b", settings: { group_by: true, group_by_order: 1, group_by_sort: "asc" } },
      { columnId: "c", settings: { group_by: true, group_by_order: 2, group_by_sort: "desc" } },
    ]);
    expect(groupingChanges(before, before)).toEqual([]);
  });
});

describe("rows under group headers", () => {
  const leaves = [
    { values: ["x", 1], count: 2 },
    { values: ["x", 2], count: 3 },
    { values: ["y", 1], count: 1 },
  ];

  it("makes a tree of the leaf groups with counts and first rows", () => {
    const tree = groupTree(leaves);
    expect(tree.map((g) => [g.value, g.count, g.firstRow])).toEqual([["x", 5, 0], ["y", 1, 5]]);
    expect(tree[0].children.map((g) => [g.value, g.count, g.firstRow, g.level])).toEqual([[1, 2, 0, 1], [2, 3, 2, 1]]);
  });

  it("places headers and rows, and leaves out collapsed groups", () => {
    const tree = groupTree(leaves);
    const open = groupedLayout(tree, new Set(), 32);
    const H = GROUP_HEADER_HEIGHT;
    expect(open.fullHeight).toBe(5 * H + 6 * 32);
    expect(rowTopIn(open, 0)).toBe(2 * H);
    expect(rowTopIn(open, 2)).toBe(3 * H + 2 * 32);
    expect(rowTopIn(open, 5)).toBe(5 * H + 5 * 32);
    const folded = groupedLayout(tree, new Set([tree[0].key]), 32);
    expect(folded.fullHeight).toBe(3 * H + 32);
    expect(rowTopIn(folded, 3)).toBeNull();
    expect(rowTopIn(folded, 5)).toBe(3 * H);
    const { headers, runs } = itemsBetween(folded, 0, 1000, 0);
    expect(headers.map((h) => [h.group.value, h.collapsed])).toEqual([["x", true], ["y", false], [1, false]]);
    expect(runs).toEqual([{ first: 5, last: 5 }]);
  });

  it("names the folded groups that hide a row, outermost first", () => {
    const tree = groupTree(leaves);
    const inner = tree[0].children[1];
    expect(foldedAround(tree, new Set([tree[0].key, inner.key]), 3)).toEqual([tree[0].key, inner.key]);
    expect(foldedAround(tree, new Set([inner.key]), 1)).toEqual([]);
    expect(foldedAround(tree, new Set([tree[0].key]), 5)).toEqual([]);
    expect(foldedAround(tree, new Set([tree[1].key]), 5)).toEqual([tree[1].key]);
    expect(foldedAround(tree, new Set([tree[0].key]), 99)).toEqual([]);
  });

  it("draws only what is in view of a million rows in a few groups", () => {
    const big = groupTree([{ values: ["a"], count: 500_000 }, { values: ["b"], count: 500_000 }]);
    const layout = groupedLayout(big, new Set(), 32);
    const y = rowTopIn(layout, 600_000)!;
    const { headers, runs } = itemsBetween(layout, y, y + 640, 2);
    expect(headers).toEqual([]);
    expect(runs).toEqual([{ first: 599_998, last: 600_022 }]);
    expect(itemsBetween(flatLayout(0, 32), 0, 640, 8).runs).toEqual([]);
  });
});
