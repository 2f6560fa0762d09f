import { describe, expect, it } from "vitest";
import type { Column } from "../tables/api";
import { readBackNeeded } from "./readBack";

const columns: Column[] = [
  { id: "c1", title: "Id", uidt: "ID", pk: true },
  { id: "c2", title: "Name", uidt: "SingleLineText", pv: true },
  { id: "c3", title: "Notes", uidt: "LongText" },
  { id: "c4", title: "Email", uidt: "Email" },
  { id: "c5", title: "Total", uidt: "Formula" },
  { id: "c6", title: "Orders", uidt: "Links" },
  { id: "c7", title: "UpdatedAt", uidt: "LastModifiedTime", system: true },
  { id: "c8", title: "Gone", uidt: "NoSuchType" },
];

describe("reading an edited record back", () => {
  it("is skipped for plain text on records that show nothing the engine computes", () => {
    expect(readBackNeeded(columns, [{ Id: 1, Name: "a", Notes: "n", Orders: 2 }], { Name: "b", Notes: "m" })).toBe(false);
  });

  it("is needed for a type that may store something else than was sent", () => {
    expect(readBackNeeded(columns, [{ Id: 1, Name: "a" }], { Email: " a@b.c " })).toBe(true);
    expect(readBackNeeded(columns, [{ Id: 1, Name: "a" }], { Missing: "x" })).toBe(true);
  });

  it("is needed when a record shown has a computed field, a timestamp or an unknown type", () => {
    expect(readBackNeeded(columns, [{ Id: 1, Name: "a", Total: 3 }], { Name: "b" })).toBe(true);
    expect(readBackNeeded(columns, [{ Id: 1, Name: "a", UpdatedAt: "2026-11-28" }], { Name: "b" })).toBe(true);
    expect(readBackNeeded(columns, [{ Id: 1, Gone: 1 }], { Name: "b" })).toBe(true);
    expect(readBackNeeded(columns, [{ Id: 1 }, { Id: 1, Stray: 1 }], { Name: "b" })).toBe(true);
  });

  it("is needed without the table's fields, and pointless when no page holds the record", () => {
    expect(readBackNeeded(undefined, [{ Id: 1, Name: "a" }], { Name: "b" })).toBe(true);
    expect(readBackNeeded(columns, [], { Total: 1 })).toBe(false);
  });
});
