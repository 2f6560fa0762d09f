import { describe, expect, it } from "vitest";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import {
  addOption,
  cardOrders,
  orderedCards,
  placeCard,
  collapsedStacks,
  editOption,
  moveOption,
  sortedOptions,
  stacksOf,
  stackTitleError,
  stackWhere,
  toggleCollapsed,
  UNCATEGORIZED,
  UNCATEGORIZED_ID,
} from "./kanbanStacks";

const status = (options: { id: string; title: string; order?: number; color?: string }[]): Column => ({
  id: "st",
  title: "Status",
  uidt: "SingleSelect",
  colOptions: { options },
});

describe("kanban stacks", () => {
  const field = status([
    { id: "o2", title: "Done", order: 2 },
    { id: "o1", title: "Todo", order: 1 },
    { id: "o3", title: "In review", order: 3 },
  ]);

  it("are Uncategorized then the options in their order", () => {
    expect(sortedOptions(field).map((o) => o.title)).toEqual(["Todo", "Done", "In review"]);
    expect(stacksOf(field).map((s) => [s.key, s.id])).toEqual([[UNCATEGORIZED, UNCATEGORIZED_ID], ["Todo", "o1"], ["Done", "o2"], ["In review", "o3"]]);
  });

  it("load their records with a where; Uncategorized takes every value that is not an option", () => {
    expect(stackWhere(field, "Todo")).toBe("(Status,eq,Todo)");
    expect(stackWhere(field, "In review")).toBe('(Status,eq,"In review")');
    expect(stackWhere(field, UNCATEGORIZED)).toBe('(Status,nanyof,Todo,Done,"In review")');
    expect(stackWhere(status([]), UNCATEGORIZED)).toBe("(Status,blank)");
  });

  it("reorder, add, rename and recolour options, keeping ids and renumbering the order", () => {
    const options = sortedOptions(field);
    expect(moveOption(options, 2, 0).map((o) => [o.title, o.order])).toEqual([["In review", 1], ["Todo", 2], ["Done", 3]]);
    expect(moveOption(options, 0, 9).map((o) => o.title)).toEqual(["Todo", "Done", "In review"]);
    const added = addOption(options, "  Blocked ");
    expect(added.at(-1)).toMatchObject({ title: "Blocked", order: 4 });
    expect(added.at(-1)!.id).toBeUndefined();
    expect(added.at(-1)!.color).toMatch(/^#/);
    const renamed = editOption(options, "o2", { title: "Shipped" });
    expect(renamed.map((o) => [o.id, o.title])).toEqual([["o1", "Todo"], ["o2", "Shipped"], ["o3", "In review"]]);
    expect(editOption(options, "o1", { color: "#ffdaf6" })[0]).toMatchObject({ id: "o1", title: "Todo", color: "#ffdaf6" });
  });

  it("check a stack's title: required and not another option's", () => {
    const options = sortedOptions(field);
    expect(stackTitleError(" ", options)).toBe("plugin.view_kanban.stackRequired");
    expect(stackTitleError("Done", options)).toBe("plugin.view_kanban.stackTaken");
    expect(stackTitleError("Done", options, "o2")).toBeNull();
    expect(stackTitleError("Later", options)).toBeNull();
  });

  it("remember collapsed stacks in the view's meta beside its other keys", () => {
    const meta = { allowCSVDownload: true };
    const once = toggleCollapsed(meta, "o1");
    expect(once).toEqual({ allowCSVDownload: true, collapsedStacks: ["o1"] });
    expect(collapsedStacks(toggleCollapsed(once, "o1"))).toEqual([]);
    expect(collapsedStacks({ collapsedStacks: ["a", 3] })).toEqual(["a"]);
  });
});

describe("the cards' own order in a stack", () => {
  const keyOf = (row: { Id: number }) => JSON.stringify(row.Id);
  const rows = [1, 2, 3, 4].map((Id) => ({ Id }));

  it("lists the ordered cards first, then the others as loaded", () => {
    expect(orderedCards(rows, ["3", "1"], keyOf).map((r) => r.Id)).toEqual([3, 1, 2, 4]);
    expect(orderedCards(rows, ["9", "2"], keyOf).map((r) => r.Id)).toEqual([2, 1, 3, 4]);
    expect(orderedCards(rows, undefined, keyOf)).toEqual(rows);
  });

  it("puts a dropped card before the card it was dropped on, or last", () => {
    expect(placeCard(["1", "2", "3", "4"], "4", "2")).toEqual(["1", "4", "2", "3"]);
    expect(placeCard(["1", "2", "3"], "1", "3")).toEqual(["2", "1", "3"]);
    expect(placeCard(["1", "2"], "7", "1")).toEqual(["7", "1", "2"]);
    expect(placeCard(["1", "2"], "1", null)).toEqual(["2", "1"]);
    expect(placeCard(Array.from({ length: 600 }, (_, i) => String(i)), "x", "0")).toHaveLength(500);
  });

  it("is read from the view's meta, ignoring what is not a list of keys", () => {
    expect(cardOrders({ cardOrder: { o1: ["1", 2, "3"], o2: "x" } })).toEqual({ o1: ["1", "3"] });
    expect(cardOrders({ cardOrder: [] })).toEqual({});
    expect(cardOrders({})).toEqual({});
  });
});
