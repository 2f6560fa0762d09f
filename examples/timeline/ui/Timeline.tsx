// The timeline's body: a row per record that has a start day, its bar from its start to its
// end over a scale of days (months labelled above); records without a start are counted.
import { Callout, NonIdealState } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import type { ViewProps } from "@workbench/plugin-api";
import { timelineApi } from "./api";
import { barsOf, dateOf, rangeOf, today } from "./days";

const ROW = 30;
const LABEL = 180;

export function Timeline({ tableId, view }: ViewProps) {
  const intl = useIntl();
  const api = timelineApi();
  const settings = api.useSettingsQuery(view.id);
  const table = api.useTableQuery(tableId);
  const records = api.useRecordsQuery({ tableId, viewId: view.id });
  if (settings.isError || table.isError || records.isError) {
    const error = (settings.error ?? table.error ?? records.error) as { message?: string } | undefined;
    return <Callout intent="danger">{error?.message ?? intl.formatMessage({ id: "plugin.timeline.failed" })}</Callout>;
  }
  if (!settings.data || !table.data || !records.data) return null;
  const columns = table.data.columns;
  const start = columns.find((c) => c.id === settings.data!.fk_start_column_id);
  const end = columns.find((c) => c.id === settings.data!.fk_end_column_id) ?? null;
  if (!start) {
    return (
      <div data-testid="timeline-no-start">
        <NonIdealState
          icon="timeline-bar-chart"
          title={intl.formatMessage({ id: "plugin.timeline.noStart.title" })}
          description={intl.formatMessage({ id: "plugin.timeline.noStart.body" })}
        />
      </div>
    );
  }
  const label = columns.find((c) => c.pv) ?? columns.find((c) => !c.system && c.id !== start.id) ?? null;
  const rows = records.data.list;
  const bars = barsOf(rows, start.title, end?.title ?? null, label?.title ?? null);
  const { first, last } = rangeOf(bars);
  const width = settings.data.day_width;
  const days = last - first + 1;
  const months: { day: number; text: string }[] = [];
  for (let day = first; day <= last; day++) {
    const date = dateOf(day);
    if (day === first || date.getUTCDate() === 1) {
      months.push({ day, text: intl.formatDate(date, { month: "short", year: "numeric", timeZone: "UTC" }) });
    }
  }
  const now = today();
  const unplaced = rows.length - bars.length;
  return (
    <div data-testid="timeline-view" style={{ overflow: "auto", flex: 1, position: "relative" }}>
      <div style={{ position: "relative", width: LABEL + days * width, minHeight: ROW * (bars.length + 2) }}>
        <div style={{ position: "sticky", top: 0, zIndex: 2, height: ROW, background: "#f6f7f9", borderBottom: "1px solid #dce0e5" }}>
          {months.map((m) => (
            <span key={m.day} style={{ position: "absolute", left: LABEL + (m.day - first) * width, top: 6, paddingInlineStart: 4, borderInlineStart: "1px solid #c5cbd3", whiteSpace: "nowrap", fontSize: 12 }}>
              {m.text}
            </span>
          ))}
        </div>
        {now >= first && now <= last && (
          <div aria-hidden style={{ position: "absolute", top: ROW, bottom: 0, left: LABEL + (now - first + 0.5) * width, borderInlineStart: "2px solid #cd4246", opacity: 0.5 }} />
        )}
        {bars.map((bar, i) => {
          const from = intl.formatDate(dateOf(bar.start), { dateStyle: "medium", timeZone: "UTC" });
          const to = intl.formatDate(dateOf(bar.end), { dateStyle: "medium", timeZone: "UTC" });
          const text = bar.label || intl.formatMessage({ id: "plugin.timeline.untitled" });
          return (
            <div key={bar.index} style={{ position: "absolute", top: ROW * (i + 1), height: ROW, left: 0, right: 0, borderBottom: "1px solid #f0f1f3" }}>
              <span style={{ position: "sticky", left: 0, display: "inline-block", width: LABEL - 8, padding: "6px 4px", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", background: "#fff", zIndex: 1 }}>
                {text}
              </span>
              <div
                data-testid="timeline-bar"
                role="img"
                aria-label={intl.formatMessage({ id: "plugin.timeline.bar" }, { title: text, from, to })}
                title={`${text}: ${from} – ${to}`}
                style={{ position: "absolute", top: 5, height: ROW - 10, left: LABEL + (bar.start - first) * width, width: Math.max(1, bar.end - bar.start + 1) * width - 2, background: "#2d72d2", borderRadius: 4 }}
              />
            </div>
          );
        })}
      </div>
      {unplaced > 0 && (
        <p data-testid="timeline-unplaced" style={{ padding: 8, color: "#5f6b7c" }}>
          {intl.formatMessage({ id: "plugin.timeline.unplaced" }, { count: unplaced })}
        </p>
      )}
    </div>
  );
}
