// Days as the timeline counts them: whole days since 1970-01-01 (UTC), read from the date
// part of a Date or DateTime value ("2025-06-02", "2025-06-02 10:00:00+00:00").
const DAY = 86_400_000;

export function dayOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : Math.floor(time / DAY);
}

export function dateOf(day: number): Date {
  return new Date(day * DAY);
}

export function today(): number {
  const now = new Date();
  return Math.floor(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / DAY);
}

export interface Bar {
  index: number;
  label: string;
  start: number;
  /** The last day, inclusive. */
  end: number;
}

/** The bars of the records that have a start day (an end before the start is the start). */
export function barsOf(rows: readonly Record<string, unknown>[], startTitle: string, endTitle: string | null, labelTitle: string | null): Bar[] {
  const bars: Bar[] = [];
  rows.forEach((row, index) => {
    const start = dayOf(row[startTitle]);
    if (start === null) return;
    const end = endTitle ? dayOf(row[endTitle]) : null;
    const label = labelTitle && row[labelTitle] != null ? String(row[labelTitle]) : "";
    bars.push({ index, label, start, end: end !== null && end >= start ? end : start });
  });
  return bars;
}

/** The days shown: from a day before the first bar to a day after the last, at most ~3 years. */
export function rangeOf(bars: readonly Bar[]): { first: number; last: number } {
  if (!bars.length) {
    const now = today();
    return { first: now - 3, last: now + 27 };
  }
  const first = Math.min(...bars.map((b) => b.start)) - 1;
  const last = Math.max(...bars.map((b) => b.end)) + 1;
  return { first, last: Math.min(last, first + 1100) };
}
