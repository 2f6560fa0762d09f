// A calendar view as a month grid: records placed on the day of their date field.
import { Button, ButtonGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import type { Column } from "../tables/api";
import type { RecordRow } from "../grid/api";
import { useCardRows, type CardsSource } from "./Cards";

/** The days shown for a month: whole weeks from Monday, as YYYY-MM-DD strings. */
export function monthDays(year: number, month: number): string[] {
  const first = new Date(Date.UTC(year, month, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() + 6) % 7));
  const days: string[] = [];
  const cursor = new Date(start);
  do {
    for (let i = 0; i < 7; i += 1) {
      days.push(cursor.toISOString().slice(0, 10));
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
  } while (cursor.getUTCMonth() === month);
  return days;
}

/** Records by day (the first 10 characters of the date value). */
export function byDay(rows: readonly RecordRow[], field: Column): Map<string, RecordRow[]> {
  const map = new Map<string, RecordRow[]>();
  for (const row of rows) {
    const value = row[field.title];
    if (typeof value !== "string" || value.length < 10) continue;
    const day = value.slice(0, 10);
    map.set(day, [...(map.get(day) ?? []), row]);
  }
  return map;
}

export function Calendar({ source, columns, dateColumnId }: { source: CardsSource; columns: Column[]; dateColumnId?: string | null }) {
  const intl = useIntl();
  const now = new Date();
  const [month, setMonth] = useState({ year: now.getFullYear(), month: now.getMonth() });
  const { rows, isLoading } = useCardRows(source);
  const field = columns.find((c) => c.id === dateColumnId) ?? columns.find((c) => c.uidt === "Date" || c.uidt === "DateTime");
  if (!field) return <NonIdealState icon="calendar" title={intl.formatMessage({ id: "views.calendar.needsDate" })} />;
  if (isLoading) return <Spinner size={24} />;
  const title = columns.find((c) => c.pv) ?? columns.find((c) => !c.system && !c.pk);
  const days = monthDays(month.year, month.month);
  const grouped = byDay(rows, field);
  const shift = (delta: number) => {
    const d = new Date(month.year, month.month + delta, 1);
    setMonth({ year: d.getFullYear(), month: d.getMonth() });
  };
  const weekdays = days.slice(0, 7).map((d) => intl.formatDate(`${d}T12:00:00Z`, { weekday: "short", timeZone: "UTC" }));
  return (
    <div className="wb-calendar" data-testid="calendar">
      <div className="wb-calendar-head">
        <ButtonGroup variant="minimal">
          <Button icon="chevron-left" onClick={() => shift(-1)} aria-label="-1" />
          <Button icon="chevron-right" onClick={() => shift(1)} aria-label="+1" />
        </ButtonGroup>
        <strong data-testid="calendar-month">
          {intl.formatDate(new Date(Date.UTC(month.year, month.month, 15)), { year: "numeric", month: "long", timeZone: "UTC" })}
        </strong>
      </div>
      <div className="wb-calendar-grid">
        {weekdays.map((w, i) => <div key={`w${i}`} className="wb-calendar-weekday">{w}</div>)}
        {days.map((day) => (
          <div key={day} className={`wb-calendar-day${Number(day.slice(5, 7)) - 1 === month.month ? "" : " wb-calendar-other"}`} data-day={day}>
            <span className="wb-calendar-date">{Number(day.slice(8, 10))}</span>
            {(grouped.get(day) ?? []).map((row, i) => (
              <Tag key={i} minimal className="wb-calendar-item" data-testid="calendar-item">
                {title ? String(row[title.title] ?? "") : ""}
              </Tag>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
