import { describe, expect, it } from "vitest";
import { homeShown, projectEntered, tabClosed, tabOpened, tabPath, tabRenamed, tabsSlice, tabViewStateChanged, type TabsState } from "./tabsSlice";
import { uniqueTitle, validateTableTitle } from "../tables/validation";

const reduce = (state: TabsState | undefined, ...actions: Parameters<typeof tabsSlice.reducer>[1][]) =>
  actions.reduce((s, a) => tabsSlice.reducer(s, a), state ?? tabsSlice.reducer(undefined, { type: "init" }));

const a = { id: "table:a", type: "table" as const, title: "A" };
const b = { id: "table:b", type: "table" as const, title: "B" };
const c = { id: "table:c", type: "table" as const, title: "C" };

describe("tabs", () => {
  it("keeps a view's own sorts and filters in the active tab, through reopening, until it closes", () => {
    const sorts = [{ columnId: "cl_1", direction: "desc" as const }];
    const filters = [{ columnId: "cl_2", op: "like", value: "x" }];
    let state = reduce(undefined, projectEntered("p1"), tabOpened(a), tabViewStateChanged({ viewId: "vw_1", sorts }), tabViewStateChanged({ viewId: "vw_1", filters }));
    state = reduce(state, tabOpened(b), tabViewStateChanged({ viewId: "vw_2", sorts: [] }), tabOpened({ ...a }));
    expect(state.tabs[0].sortsState).toEqual({ vw_1: sorts });
    expect(state.tabs[0].filterState).toEqual({ vw_1: filters });
    expect(state.tabs[1].sortsState).toEqual({ vw_2: [] });
    state = reduce(state, tabClosed("table:a"), tabOpened({ ...a }));
    expect(state.tabs.find((t) => t.id === "table:a")?.sortsState).toBeUndefined();
  });

  it("reuses an existing tab when opening it again", () => {
    const state = reduce(undefined, projectEntered("p1"), tabOpened(a), tabOpened(b), tabOpened({ ...a }));
    expect(state.tabs.map((t) => t.id)).toEqual(["table:a", "table:b"]);
    expect(state.activeId).toBe("table:a");
  });

  it("closing the active tab moves to the previous, else the next, else home", () => {
    let state = reduce(undefined, projectEntered("p1"), tabOpened(a), tabOpened(b), tabOpened(c), tabOpened(b));
    state = reduce(state, tabClosed("table:b"));
    expect(state.activeId).toBe("table:a");
    state = reduce(state, tabClosed("table:a"));
    expect(state.activeId).toBe("table:c");
    state = reduce(state, tabClosed("table:c"));
    expect(state.activeId).toBeNull();
  });

  it("closing another tab keeps the active one", () => {
    const state = reduce(undefined, projectEntered("p1"), tabOpened(a), tabOpened(b), tabClosed("table:a"));
    expect(state.activeId).toBe("table:b");
  });

  it("renames, shows home, and forgets tabs on another project", () => {
    let state = reduce(undefined, projectEntered("p1"), tabOpened(a), tabRenamed({ id: "table:a", title: "A2" }), homeShown());
    expect(state.tabs[0].title).toBe("A2");
    expect(state.activeId).toBeNull();
    state = reduce(state, projectEntered("p1"));
    expect(state.tabs).toHaveLength(1);
    state = reduce(state, projectEntered("p2"));
    expect(state.tabs).toEqual([]);
  });

  it("builds the route of a tab", () => {
    expect(tabPath("p1", null)).toBe("/nc/p1");
    expect(tabPath("p1", { ...a, title: "My table" })).toBe("/nc/p1/table/My%20table");
    expect(tabPath("p1", { id: "v", type: "view", title: "T", viewTitle: "Grid" })).toBe("/nc/p1/view/T/Grid");
    expect(tabPath("p1", { id: "auth", type: "auth", title: "Auth" })).toBe("/nc/p1/auth");
  });
});

describe("table names", () => {
  it("are required and refuse . / and \\", () => {
    expect(validateTableTitle(" ")).toBe("table.title.required");
    expect(validateTableTitle("a.b")).toBe("table.title.chars");
    expect(validateTableTitle("a/b")).toBe("table.title.chars");
    expect(validateTableTitle("a\\b")).toBe("table.title.chars");
    expect(validateTableTitle("Orders 2026")).toBeNull();
  });

  it("refuse another table's name, whatever the case", () => {
    expect(validateTableTitle("orders ", ["Orders", "Clients"])).toBe("table.title.taken");
    expect(validateTableTitle("Orders 2", ["Orders", "Clients"])).toBeNull();
  });

  it("are made unique with _1, _2, ...", () => {
    expect(uniqueTitle("Table", [])).toBe("Table");
    expect(uniqueTitle("Table", ["Table", "table_1"])).toBe("Table_2");
  });
});
