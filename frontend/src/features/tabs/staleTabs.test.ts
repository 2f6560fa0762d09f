import { describe, expect, it } from "vitest";
import { staleTabs } from "./staleTabs";

describe("stale tabs", () => {
  it("closes the tabs of deleted tables, renames those of renamed ones, leaves the rest", () => {
    const tabs = [
      { id: "table:t1", type: "table" as const, title: "Parts" },
      { id: "view:t1", type: "view" as const, title: "Parts", viewTitle: "Mine" },
      { id: "table:t2", type: "table" as const, title: "Orders" },
      { id: "table:t3", type: "table" as const, title: "Gone" },
      { id: "auth", type: "auth" as const, title: "Members" },
    ];
    const tables = [
      { id: "t1", title: "Spares" },
      { id: "t2", title: "Orders" },
    ];
    expect(staleTabs(tabs, tables)).toEqual({
      closed: ["table:t3"],
      renamed: [
        { id: "table:t1", title: "Spares" },
        { id: "view:t1", title: "Spares" },
      ],
    });
  });
});
