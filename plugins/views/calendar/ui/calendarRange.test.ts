import { describe, expect, it } from "vitest";
import {
  addDays,
  byDay,
  bySlot,
  dayOf,
  monthDays,
  movedValue,
  rangeWhere,
  shiftAnchor,
  slotKey,
  timeLabel,
  undatedWhere,
  visibleDays,
  weekStart,
} from "./calendarRange";

describe("calendar range", () => {
  it("covers a month in whole weeks from Monday", () => {
    const days = monthDays(2026, 1); // February 2026 starts on a Sunday
    expect(days[0]).toBe("2026-01-26");
    expect(days.length % 7).toBe(0);
    expect(days).toContain("2026-02-28");
    expect(days.at(-1)).toBe("2026-03-01");
  });

  it("shows a month, a week from Monday or one day around the anchor", () => {
    expect(visibleDays("month", "2026-02-17")).toEqual(monthDays(2026, 1));
    expect(visibleDays("week", "2026-02-01")).toEqual(["2026-01-26", "2026-01-27", "2026-01-28", "2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01"]);
    expect(visibleDays("week", "2026-02-02")[0]).toBe("2026-02-02");
    expect(visibleDays("day", "2026-02-29".replace("29", "28"))).toEqual(["2026-02-28"]);
    expect(weekStart("2026-12-31")).toBe("2026-12-28");
  });

  it("moves by a month (to its first day), a week or a day, across years", () => {
    expect(shiftAnchor("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(shiftAnchor("month", "2026-01-15", -1)).toBe("2025-12-01");
    expect(shiftAnchor("week", "2026-12-30", 1)).toBe("2027-01-06");
    expect(shiftAnchor("day", "2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("loads the visible days with a where on the date field (quoted when needed), or the undated records", () => {
    expect(rangeWhere({ title: "Due" }, "2026-01-26", "2026-03-01")).toBe("(Due,gte,exactDate,2026-01-26)~and(Due,lte,exactDate,2026-03-01)");
    expect(rangeWhere({ title: "Due date" }, "2026-02-02", "2026-02-08")).toBe(
      '("Due date",gte,exactDate,2026-02-02)~and("Due date",lte,exactDate,2026-02-08)',
    );
    expect(undatedWhere({ title: "Due" })).toBe("(Due,blank)");
  });
});

describe("calendar placement", () => {
  const due = { title: "Due", uidt: "DateTime" };

  it("places records on their day in time order, and DateTimes on their hour", () => {
    const rows = [{ Due: "2026-02-03 15:00:00+00:00", n: 1 }, { Due: "2026-02-03 09:30:00+00:00", n: 2 }, { Due: null }, { Due: "bad" }];
    const map = byDay(rows, due);
    expect([...map.keys()]).toEqual(["2026-02-03"]);
    expect(map.get("2026-02-03")!.map((r) => r.n)).toEqual([2, 1]);
    const slots = bySlot(rows, due);
    expect([...slots.keys()].sort()).toEqual([slotKey("2026-02-03", 9), slotKey("2026-02-03", 15)]);
    expect(dayOf("2026-02-03")).toBe("2026-02-03");
    expect(timeLabel("2026-02-03 09:05:00+00:00")).toBe("09:05");
    expect(timeLabel("2026-02-03")).toBe("");
  });

  it("gives a dropped record its new day, keeping a DateTime's time unless an hour was chosen", () => {
    expect(movedValue({ uidt: "Date" }, "2026-02-03", "2026-02-10")).toBe("2026-02-10");
    expect(movedValue(due, "2026-02-03 09:30:15+00:00", "2026-02-10")).toBe("2026-02-10 09:30:15+00:00");
    expect(movedValue(due, "2026-02-03 09:30:15+00:00", "2026-02-10", 14)).toBe("2026-02-10 14:30:15+00:00");
    expect(movedValue(due, null, "2026-02-10")).toBe("2026-02-10 00:00:00+00:00");
    expect(movedValue(due, null, "2026-02-10", 8)).toBe("2026-02-10 08:00:00+00:00");
  });
});
