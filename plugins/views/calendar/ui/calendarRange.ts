// The calendar's date logic: the days each mode shows (month, week, day), moving between
// periods, the `where` that loads the visible range, where a record goes (its day, its hour
// for a DateTime) and the value a record gets when dropped on another day or hour.
// Days are UTC days, as the server's date filters count them and as the grid shows DateTimes.
import { whereValue, type FieldColumn as Column, type RecordRow } from "@workbench/plugin-api";
import { hasTime } from "./dates";

export type CalendarMode = "month" | "week" | "day";
export const CALENDAR_MODES: CalendarMode[] = ["month", "week", "day"];
export const HOURS = Array.from({ length: 24 }, (_, h) => h);

const DAY_MS = 86_400_000;

function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return iso(new Date(toDate(day).getTime() + days * DAY_MS));
}

/** Today as YYYY-MM-DD (UTC). */
export function today(now: Date = new Date()): string {
  return iso(now);
}

/** The days shown for a month: whole weeks from Monday, as YYYY-MM-DD strings. */
export function monthDays(year: number, month: number): string[] {
  const first = new Date(Date.UTC(year, month, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() + 6) % 7));
  const days: string[] = [];
  const cursor = new Date(start);
  do {
    for (let i = 0; i < 7; i += 1) {
      days.push(iso(cursor));
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
  } while (cursor.getUTCMonth() === month);
  return days;
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, -((toDate(day).getUTCDay() + 6) % 7));
}

/** The days a mode shows around the `anchor` day. */
export function visibleDays(mode: CalendarMode, anchor: string): string[] {
  if (mode === "day") return [anchor];
  if (mode === "week") {
    const monday = weekStart(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const date = toDate(anchor);
  return monthDays(date.getUTCFullYear(), date.getUTCMonth());
}

/** The anchor one period before (-1) or after (+1): a month (on its first day), a week or a day. */
export function shiftAnchor(mode: CalendarMode, anchor: string, delta: number): string {
  if (mode === "day") return addDays(anchor, delta);
  if (mode === "week") return addDays(anchor, 7 * delta);
  const date = toDate(anchor);
  return iso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + delta, 1)));
}

/** The `where` that loads the records dated within [first, last] (whole days, both included). */
export function rangeWhere(field: Pick<Column, "title">, first: string, last: string): string {
  const name = whereValue(field.title);
  return `(${name},gte,exactDate,${first})~and(${name},lte,exactDate,${last})`;
}

/** The `where` of the records without a date. */
export function undatedWhere(field: Pick<Column, "title">): string {
  return `(${whereValue(field.title)},blank)`;
}

/** The day of a Date or DateTime value (YYYY-MM-DD), or null. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  return value.slice(0, 10);
}

/** The hour and minute of a DateTime value ("2026-02-03 10:05:00+00:00"), or null. */
export function timeOf(value: unknown): { hour: number; minute: number } | null {
  if (typeof value !== "string") return null;
  const match = /^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})/.exec(value);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** "HH:MM" of a DateTime value, or "". */
export function timeLabel(value: unknown): string {
  const time = timeOf(value);
  return time ? `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}` : "";
}

/** Records by day, each day's records in time order (Date values first). */
export function byDay(rows: readonly RecordRow[], field: Pick<Column, "title">): Map<string, RecordRow[]> {
  const map = new Map<string, RecordRow[]>();
  for (const row of rows) {
    const day = dayOf(row[field.title]);
    if (!day) continue;
    map.set(day, [...(map.get(day) ?? []), row]);
  }
  for (const list of map.values()) list.sort((a, b) => String(a[field.title]).localeCompare(String(b[field.title])));
  return map;
}

/** The key of an hour slot of a day ("2026-02-03T10"). */
export function slotKey(day: string, hour: number): string {
  return `${day}T${String(hour).padStart(2, "0")}`;
}

/** DateTime records by hour slot (see `slotKey`). */
export function bySlot(rows: readonly RecordRow[], field: Pick<Column, "title">): Map<string, RecordRow[]> {
  const map = new Map<string, RecordRow[]>();
  for (const row of rows) {
    const day = dayOf(row[field.title]);
    const time = timeOf(row[field.title]);
    if (!day || !time) continue;
    const key = slotKey(day, time.hour);
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return map;
}

/** The value of `field` for a record dropped on `day` (and, for a DateTime, `hour`): a
 * DateTime keeps its minutes and seconds, and its hour unless an hour slot was chosen. */
export function movedValue(field: Pick<Column, "uidt">, current: unknown, day: string, hour?: number): string {
  if (!hasTime(field.uidt)) return day;
  const match = typeof current === "string" ? /^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2}):?(\d{2})?/.exec(current) : null;
  const hh = hour ?? (match ? Number(match[1]) : 0);
  const mm = match ? match[2] : "00";
  const ss = match?.[3] ?? "00";
  return `${day} ${String(hh).padStart(2, "0")}:${mm}:${ss}+00:00`;
}
