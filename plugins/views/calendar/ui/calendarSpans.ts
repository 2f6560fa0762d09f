// Records with an end date (the calendar's `fk_to_column_id`): a record spans the days from
// its start to its end, both included, and shows on each of them that the calendar shows;
// it is loaded when it starts before the last visible day and starts or ends on or after the
// first one. A record whose end is missing or before its start is a one-day record. Moved
// to another day (or hour), a record keeps its length: the end moves with the start.
import { whereValue, type FieldColumn as Column, type RecordRow } from "@workbench/plugin-api";
import { hasTime } from "./dates";
import { addDays, dayOf, rangeWhere } from "./calendarRange";

const DAY_MS = 86_400_000;

/** The `where` that loads the records dated (or spanning days) within [first, last]. */
export function spanWhere(start: Pick<Column, "title">, end: Pick<Column, "title"> | null, first: string, last: string): string {
  if (!end) return rangeWhere(start, first, last);
  const s = whereValue(start.title);
  const e = whereValue(end.title);
  return `(${s},lte,exactDate,${last})~and((${s},gte,exactDate,${first})~or(${e},gte,exactDate,${first}))`;
}

/** The record's last day: its end's day when that is on or after its start's, else its start's. */
export function lastDayOf(row: RecordRow, start: Pick<Column, "title">, end: Pick<Column, "title"> | null): string | null {
  const from = dayOf(row[start.title]);
  if (!from) return null;
  const to = end ? dayOf(row[end.title]) : null;
  return to && to > from ? to : from;
}

export interface Placed {
  row: RecordRow;
  /** The record started on an earlier day (this is a continuation). */
  continued: boolean;
  /** The record goes on after this day. */
  continues: boolean;
}

/** Records by day within [first, last], each on every day of its span there; each day's
 * records in start order (Date values first). */
export function spansByDay(
  rows: readonly RecordRow[],
  start: Pick<Column, "title">,
  end: Pick<Column, "title"> | null,
  first: string,
  last: string,
): Map<string, Placed[]> {
  const map = new Map<string, Placed[]>();
  const sorted = [...rows].sort((a, b) => String(a[start.title]).localeCompare(String(b[start.title])));
  for (const row of sorted) {
    const from = dayOf(row[start.title]);
    const to = lastDayOf(row, start, end);
    if (!from || !to) continue;
    for (let day = from < first ? first : from; day <= to && day <= last; day = addDays(day, 1)) {
      map.set(day, [...(map.get(day) ?? []), { row, continued: day > from, continues: day < to }]);
    }
  }
  return map;
}

function instant(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return null;
  return Date.parse(`${match[1]}T${match[2] ?? "00"}:${match[3] ?? "00"}:${match[4] ?? "00"}Z`);
}

function formatted(field: Pick<Column, "uidt">, ms: number): string {
  const iso = new Date(ms).toISOString();
  return hasTime(field.uidt) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}+00:00` : iso.slice(0, 10);
}

/** The end a record gets when its start moves from `before` to `after`: moved by as much
 * (whole days for a Date end), or unchanged when it was empty or not a date. */
export function movedEnd(end: Pick<Column, "uidt">, current: unknown, before: unknown, after: unknown): unknown {
  const was = instant(before);
  const now = instant(after);
  const finish = instant(current);
  if (was === null || now === null || finish === null) return current ?? null;
  let delta = now - was;
  if (!hasTime(end.uidt)) delta = Math.round(delta / DAY_MS) * DAY_MS;
  return formatted(end, finish + delta);
}
