import { describe, expect, it } from "vitest";
import { tempFilterJson } from "./SharedToolbar";

describe("temporary filters of a shared grid", () => {
  it("become NocoDB's filterArrJson, without a value for blank checks", () => {
    expect(tempFilterJson([])).toBeUndefined();
    expect(JSON.parse(tempFilterJson([{ columnId: "c1", op: "like", value: "o" }, { columnId: "c2", op: "blank", value: "x" }])!)).toEqual([
      { fk_column_id: "c1", comparison_op: "like", value: "o", logical_op: "and" },
      { fk_column_id: "c2", comparison_op: "blank", value: null, logical_op: "and" },
    ]);
  });
});
