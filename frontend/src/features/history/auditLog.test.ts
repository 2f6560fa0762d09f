// The audit log's range of days: a picked day as the UTC time it starts, and the end of a
// range as the start of the day after (the range includes the day picked).
import { describe, expect, it } from "vitest";
import { dayStart } from "./AuditLog";

describe("dayStart", () => {
  it("is the local midnight of the day, in UTC", () => {
    expect(dayStart("2026-03-14")).toBe(new Date(2026, 2, 14).toISOString());
  });

  it("ends a range at the start of the next day, across months and years", () => {
    expect(dayStart("2026-01-31", true)).toBe(new Date(2026, 1, 1).toISOString());
    expect(dayStart("2026-12-31", true)).toBe(new Date(2027, 0, 1).toISOString());
  });

  it("is no bound for an empty or partial day", () => {
    expect(dayStart("")).toBe("");
    expect(dayStart("2026-3")).toBe("");
  });
});
