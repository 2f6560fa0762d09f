import { describe, expect, it } from "vitest";
import { lastDayOf, movedEnd, spanWhere, spansByDay } from "./calendarSpans";

const start = { title: "Starts", uidt: "Date" };
const end = { title: "Ends", uidt: "Date" };

describe("calendar spans", () => {
  it("loads the records that start before the last day and start or end after the first", () => {
    expect(spanWhere(start, end, "2026-02-02", "2026-02-08")).toBe(
      "(Starts,lte,exactDate,2026-02-08)~and((Starts,gte,exactDate,2026-02-02)~or(Ends,gte,exactDate,2026-02-02))",
    );
    expect(spanWhere(start, null, "2026-02-02", "2026-02-08")).toBe(
      "(Starts,gte,exactDate,2026-02-02)~and(Starts,lte,exactDate,2026-02-08)",
    );
  });

  it("ends a record on its end's day, or on its start's when the end is missing or earlier", () => {
    expect(lastDayOf({ Starts: "2026-02-03", Ends: "2026-02-05" }, start, end)).toBe("2026-02-05");
    expect(lastDayOf({ Starts: "2026-02-03", Ends: null }, start, end)).toBe("2026-02-03");
    expect(lastDayOf({ Starts: "2026-02-03", Ends: "2026-02-01" }, start, end)).toBe("2026-02-03");
    expect(lastDayOf({ Starts: null, Ends: "2026-02-01" }, start, end)).toBeNull();
  });

  it("shows a record on each visible day of its span, marking where it goes on and comes from", () => {
    const rows = [
      { Id: 1, Starts: "2026-01-30", Ends: "2026-02-03" },
      { Id: 2, Starts: "2026-02-02", Ends: null },
      { Id: 3, Starts: "2026-02-07", Ends: "2026-02-20" },
    ];
    const days = spansByDay(rows, start, end, "2026-02-02", "2026-02-08");
    expect([...days.keys()].sort()).toEqual(["2026-02-02", "2026-02-03", "2026-02-07", "2026-02-08"]);
    expect(days.get("2026-02-02")!.map((p) => [p.row.Id, p.continued, p.continues])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
    expect(days.get("2026-02-03")!.map((p) => [p.row.Id, p.continued, p.continues])).toEqual([[1, true, false]]);
    expect(days.get("2026-02-08")!.map((p) => [p.row.Id, p.continued, p.continues])).toEqual([[3, true, true]]);
  });

  it("moves the end with the start, by whole days for dates and exactly for date-times", () => {
    expect(movedEnd(end, "2026-02-05", "2026-02-03", "2026-02-10")).toBe("2026-02-12");
    expect(movedEnd(end, "2026-03-01", "2026-02-27", "2026-02-26")).toBe("2026-02-28");
    const endsAt = { uidt: "DateTime" };
    expect(movedEnd(endsAt, "2026-02-03 12:30:00+00:00", "2026-02-03 10:00:00+00:00", "2026-02-04 09:00:00+00:00")).toBe(
      "2026-02-04 11:30:00+00:00",
    );
    expect(movedEnd(endsAt, "2026-02-05 18:00:00+00:00", "2026-02-03", "2026-02-04")).toBe("2026-02-06 18:00:00+00:00");
    expect(movedEnd(end, null, "2026-02-03", "2026-02-04")).toBeNull();
  });
});
