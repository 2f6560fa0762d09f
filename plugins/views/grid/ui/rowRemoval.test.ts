import { describe, expect, it } from "vitest";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import { isRemoval, snapshotOf, whereKeys, writableColumns } from "./rowRemoval";

const col = (id: string, title: string, uidt: string, extra: Partial<Column> = {}) => ({ id, title, uidt, ...extra }) as Column;
const columns = [
  col("c1", "Id", "ID", { pk: true }),
  col("c2", "Name", "SingleLineText"),
  col("c3", "Qty", "Number"),
  col("c4", "Total", "Formula"),
  col("c5", "Tags", "Links"),
  col("c6", "Owner", "LinkToAnotherRecord"),
  col("c7", "CreatedAt", "CreateTime", { system: true }),
  col("c8", "owner_id", "ForeignKey"),
];

describe("records kept for undo", () => {
  it("keep the key and every field a client writes, never computed or system fields", () => {
    expect(writableColumns(columns).map((c) => c.title)).toEqual(["Id", "Name", "Qty"]);
  });

  it("keep the records each link field points to, by the related key", () => {
    const rows = [
      { Id: 7, Name: "bolt", Qty: 3, Total: 9, CreatedAt: "x", owner_id: 2, Tags: [{ Id: 1, Title: "a" }, { Id: 4, Title: "b" }], Owner: { Id: 2, Name: "Ann" } },
      { Id: 8, Name: "nut", Qty: null, Tags: [], Owner: null },
    ];
    const [first, second] = snapshotOf(rows, columns, "Id");
    expect(first).toEqual({
      pk: 7,
      values: { Id: 7, Name: "bolt", Qty: 3 },
      links: [
        { columnId: "c5", pkTitle: "Id", keys: [1, 4] },
        { columnId: "c6", pkTitle: "Id", keys: [2] },
      ],
    });
    expect(second).toEqual({ pk: 8, values: { Id: 8, Name: "nut", Qty: null }, links: [] });
    expect(isRemoval({ removed: [first] })).toBe(true);
    expect(isRemoval({ pk: 1, field: "x", before: 1, after: 2 })).toBe(false);
  });

  it("are read with one filter unless a key holds a character of the filter syntax", () => {
    expect(whereKeys("Id", [1, 2, 30])).toBe("(Id,in,1,2,30)");
    expect(whereKeys("Code", ["a-1", "b_2"])).toBe("(Code,in,a-1,b_2)");
    expect(whereKeys("Code", ["a,b"])).toBeNull();
    expect(whereKeys("Code", ["x)~or(y"])).toBeNull();
    expect(whereKeys("Id", [])).toBeNull();
  });
});
