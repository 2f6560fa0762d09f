// The calendar body: a month, week or day (the mode is remembered per view in this browser),
// with the records dated in the visible range (loaded with a `where` on the date field, every
// page) placed on their day, and for a DateTime field on their hour in week and day modes.
// With an end date field, a record spans the days from its start to its end (see
// calendarSpans.ts); in the hour grids it shows at its start. Dragging a record to another day
// (or hour) writes its date, and moves its end by as much; a side list holds the records
// without a date (drop one on a day to date it, or a dated one on the list to clear it).
// Clicking a record opens it; "+" on a day (or a double-click on an hour) adds a record there.
// Days are UTC days, as the grid shows DateTimes.
import { Button, ButtonGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  LoadMore,
  useRecordFeed,
  useRecordMoves,
  withMoves,
  type FieldInfo as Column,
  type RecordRow,
  type RecordSource,
} from "@workbench/plugin-api";
import { hasTime, isCalendarDate } from "./dates";
import {
  CALENDAR_MODES,
  HOURS,
  bySlot,
  dayOf,
  movedValue,
  shiftAnchor,
  slotKey,
  timeLabel,
  today,
  undatedWhere,
  visibleDays,
  type CalendarMode,
} from "./calendarRange";
import { lastDayOf, movedEnd, spanWhere, spansByDay } from "./calendarSpans";

const modeKey = (viewId?: string) => `wb.calendar.mode.${viewId ?? "shared"}`;

function storedMode(viewId?: string): CalendarMode {
  try {
    const value = localStorage.getItem(modeKey(viewId));
    return CALENDAR_MODES.includes(value as CalendarMode) ? (value as CalendarMode) : "month";
  } catch {
    return "month";
  }
}

export interface CalendarProps {
  source: RecordSource;
  columns: Column[];
  dateColumnId?: string | null;
  /** The Date/DateTime field where a record ends (optional). */
  endColumnId?: string | null;
  pkName?: string;
  /** The user may change records (drag them to another day). */
  canMove?: boolean;
  onOpen?(row: RecordRow): void;
  /** Add a record with these values (dated on a day, or at an hour by double-click). */
  onAdd?(values: RecordRow): void;
  /** Shown at the end of the calendar's head (the view's settings). */
  tools?: ReactNode;
}

export function Calendar(props: CalendarProps) {
  const intl = useIntl();
  const field =
    props.columns.find((c) => c.id === props.dateColumnId) ?? props.columns.find(isCalendarDate);
  if (!field) return <NonIdealState icon="calendar" title={intl.formatMessage({ id: "plugin.view_calendar.needsDate" })} />;
  const end =
    props.columns.find((c) => c.id === props.endColumnId && c.id !== field.id && isCalendarDate(c)) ?? null;
  return <CalendarOf {...props} field={field} end={end} />;
}

function CalendarOf({ source, columns, field, end, pkName = "Id", canMove, onOpen, onAdd, tools }: CalendarProps & { field: Column; end: Column | null }) {
  const intl = useIntl();
  const viewKey = source.viewId ?? source.shared?.uuid;
  const [mode, setModeState] = useState<CalendarMode>(() => storedMode(viewKey));
  const [anchor, setAnchor] = useState(() => today());
  const setMode = (next: CalendarMode) => {
    setModeState(next);
    try {
      localStorage.setItem(modeKey(viewKey), next);
    } catch {
      // Not remembered (storage off); the mode still applies.
    }
  };
  const days = visibleDays(mode, anchor);
  const first = days[0];
  const last = days[days.length - 1];
  const dated = useRecordFeed(source, { where: spanWhere(field, end, first, last) });
  const undated = useRecordFeed(source, { where: undatedWhere(field) });
  const { moves, move } = useRecordMoves(source.tableId, pkName);
  const dragging = useRef<RecordRow | null>(null);
  // The hour grid opens at the working day (08:00), as calendars do.
  const hourGrid = useRef<HTMLDivElement>(null);
  const hoursShown = hasTime(field.uidt) && mode !== "month";
  useEffect(() => {
    const grid = hourGrid.current;
    const eight = grid?.querySelectorAll<HTMLElement>(".wb-calendar-hour")[8];
    const head = grid?.querySelector<HTMLElement>(".wb-calendar-weekday");
    if (grid && eight) grid.scrollTop = eight.offsetTop - (head?.offsetHeight ?? 0);
  }, [hoursShown, mode, dated.isLoading]);
  const [over, setOver] = useState<string | null>(null);

  // Every record of the range is placed: read the pages after the first one as they come.
  const { hasMore, isFetchingMore, loadMore } = dated;
  useEffect(() => {
    if (hasMore && !isFetchingMore) loadMore();
  }, [hasMore, isFetchingMore, loadMore]);

  const title = columns.find((c) => c.pv) ?? columns.find((c) => !c.system && !c.pk && c.id !== field.id);
  const inRange = (row: RecordRow) => {
    const day = dayOf(row[field.title]);
    const lastDay = lastDayOf(row, field, end);
    return !!day && !!lastDay && day <= last && lastDay >= first;
  };
  const placed = withMoves(dated.rows, moves, pkName, inRange).rows;
  const waiting = withMoves(undated.rows, moves, pkName, (row) => !dayOf(row[field.title]));
  const hours = hasTime(field.uidt) && mode !== "month";
  const drop = (day: string | null, hour?: number) => {
    const row = dragging.current;
    dragging.current = null;
    setOver(null);
    if (!row || !canMove) return;
    const value = day === null ? null : movedValue(field, row[field.title], day, hour);
    if (value === (row[field.title] ?? null)) return;
    const changes: RecordRow = { [field.title]: value };
    // The end moves with the start (the record keeps its length); cleared dates leave it.
    if (end && value !== null) changes[end.title] = movedEnd(end, row[end.title], row[field.title], value);
    void move(row, changes);
  };
  const target = (key: string, day: string | null, hour?: number) =>
    canMove
      ? {
          onDragOver: (e: DragEvent) => {
            if (!dragging.current) return;
            e.preventDefault();
            setOver(key);
          },
          onDragLeave: () => setOver((current) => (current === key ? null : current)),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            drop(day, hour);
          },
        }
      : {};
  const item = (row: RecordRow, testId = "calendar-item", span?: { continued: boolean; continues: boolean }) => (
    <button
      type="button"
      key={String(row[pkName])}
      className={`wb-calendar-item${span?.continued ? " wb-calendar-continued" : ""}${span?.continues ? " wb-calendar-continues" : ""}`}
      draggable={canMove}
      onDragStart={(e) => {
        dragging.current = row;
        e.dataTransfer.setData("text/plain", String(row[pkName]));
        e.dataTransfer.effectAllowed = "move";
      }}
      onClick={onOpen ? () => onOpen(row) : undefined}
      title={[timeLabel(row[field.title]), title ? String(row[title.title] ?? "") : ""].filter(Boolean).join(" ")}
      data-testid={testId}
    >
      {hasTime(field.uidt) && dayOf(row[field.title]) && !span?.continued && <span className="wb-calendar-time">{timeLabel(row[field.title])}</span>}
      <span className="wb-calendar-title">{title ? String(row[title.title] ?? "") || "\u00a0" : "\u00a0"}</span>
    </button>
  );
  const grouped = spansByDay(placed, field, end, first, last);
  const dayItems = (day: string) => (grouped.get(day) ?? []).map((p) => item(p.row, "calendar-item", p));
  const slots = hours ? bySlot(placed, field) : null;
  const cell = (day: string, className: string, children: ReactNode, showDate: boolean) => (
    <div
      key={day}
      className={`${className}${over === day ? " wb-calendar-over" : ""}${day === today() ? " wb-calendar-today" : ""}`}
      data-day={day}
      data-testid="calendar-day"
      {...target(day, day)}
    >
      {(showDate || onAdd) && (
        <div className="wb-calendar-day-head">
          {showDate && <span className="wb-calendar-date">{Number(day.slice(8, 10))}</span>}
          {onAdd && (
            <Button
              icon="plus"
              variant="minimal"
              size="small"
              className="wb-calendar-add"
              onClick={() => onAdd({ [field.title]: movedValue(field, null, day) })}
              aria-label={intl.formatMessage({ id: "plugin.view_calendar.addRecord" })}
              data-testid="calendar-add"
            />
          )}
        </div>
      )}
      {children}
    </div>
  );
  // Month: the weekday; week: the weekday and day; day: the whole date.
  const weekday = (day: string) =>
    intl.formatDate(`${day}T12:00:00Z`, {
      weekday: mode === "day" ? "long" : "short",
      ...(mode === "week" ? { day: "numeric" } : mode === "day" ? { day: "numeric", month: "long" } : {}),
      timeZone: "UTC",
    });
  const anchorMonth = Number(anchor.slice(5, 7));
  const heading =
    mode === "month"
      ? intl.formatDate(`${anchor.slice(0, 8)}15T12:00:00Z`, { year: "numeric", month: "long", timeZone: "UTC" })
      : mode === "week"
        ? `${intl.formatDate(`${first}T12:00:00Z`, { day: "numeric", month: "short", timeZone: "UTC" })} – ${intl.formatDate(`${last}T12:00:00Z`, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}`
        : intl.formatDate(`${first}T12:00:00Z`, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

  let body: ReactNode;
  if (mode === "month") {
    body = (
      <div className="wb-calendar-grid">
        {days.slice(0, 7).map((d) => <div key={`w${d}`} className="wb-calendar-weekday">{weekday(d)}</div>)}
        {days.map((day) =>
          cell(
            day,
            `wb-calendar-day${Number(day.slice(5, 7)) === anchorMonth ? "" : " wb-calendar-other"}`,
            dayItems(day),
            true,
          ),
        )}
      </div>
    );
  } else if (!slots) {
    body = (
      <div className="wb-calendar-grid" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
        {days.map((d) => <div key={`w${d}`} className="wb-calendar-weekday">{weekday(d)}</div>)}
        {days.map((day) => cell(day, "wb-calendar-day wb-calendar-tall", dayItems(day), false))}
      </div>
    );
  } else {
    body = (
      <div className="wb-calendar-hours" ref={hourGrid} style={{ gridTemplateColumns: `56px repeat(${days.length}, minmax(0, 1fr))` }}>
        <div className="wb-calendar-weekday" />
        {days.map((d) => <div key={`w${d}`} className="wb-calendar-weekday">{weekday(d)}</div>)}
        {HOURS.map((hour) => [
          <div key={`h${hour}`} className="wb-calendar-hour">{`${String(hour).padStart(2, "0")}:00`}</div>,
          ...days.map((day) => {
            const key = slotKey(day, hour);
            return (
              <div
                key={key}
                className={`wb-calendar-slot${over === key ? " wb-calendar-over" : ""}`}
                data-slot={key}
                data-testid="calendar-slot"
                onDoubleClick={onAdd ? () => onAdd({ [field.title]: movedValue(field, null, day, hour) }) : undefined}
                {...target(key, day, hour)}
              >
                {(slots.get(key) ?? []).map((row) => item(row))}
              </div>
            );
          }),
        ])}
      </div>
    );
  }

  return (
    <div className="wb-calendar" data-testid="calendar" data-mode={mode}>
      <div className="wb-calendar-head">
        <ButtonGroup variant="minimal">
          <Button icon="chevron-left" onClick={() => setAnchor(shiftAnchor(mode, anchor, -1))} aria-label={intl.formatMessage({ id: "plugin.view_calendar.previous" })} data-testid="calendar-prev" />
          <Button onClick={() => setAnchor(today())} data-testid="calendar-today">
            <FormattedMessage id="plugin.view_calendar.today" />
          </Button>
          <Button icon="chevron-right" onClick={() => setAnchor(shiftAnchor(mode, anchor, 1))} aria-label={intl.formatMessage({ id: "plugin.view_calendar.next" })} data-testid="calendar-next" />
        </ButtonGroup>
        <strong data-testid="calendar-month">{heading}</strong>
        {dated.isFetchingMore && <Spinner size={16} />}
        <ButtonGroup className="wb-calendar-modes" role="group" aria-label={intl.formatMessage({ id: "plugin.view_calendar.mode" })}>
          {CALENDAR_MODES.map((m) => (
            <Button key={m} active={m === mode} onClick={() => setMode(m)} aria-pressed={m === mode} data-testid={`calendar-mode-${m}`}>
              <FormattedMessage id={`plugin.view_calendar.mode.${m}`} />
            </Button>
          ))}
        </ButtonGroup>
        {tools}
      </div>
      <div className="wb-calendar-main">
        <div className="wb-calendar-body">{dated.isLoading ? <Spinner size={24} /> : body}</div>
        <aside
          className={`wb-calendar-undated${over === "undated" ? " wb-calendar-over" : ""}`}
          data-testid="calendar-undated"
          {...target("undated", null)}
        >
          <h4 className="wb-calendar-undated-head">
            <FormattedMessage id="plugin.view_calendar.undated" />
            <span className="bp6-text-muted" data-testid="calendar-undated-count">{undated.total + waiting.delta}</span>
          </h4>
          {undated.isLoading ? <Spinner size={16} /> : waiting.rows.map((row) => item(row, "calendar-undated-item"))}
          {!undated.isLoading && waiting.rows.length === 0 && (
            <p className="bp6-text-muted wb-stack-empty">
              <FormattedMessage id="plugin.view_calendar.undatedNone" />
            </p>
          )}
          <LoadMore feed={undated} />
        </aside>
      </div>
    </div>
  );
}
