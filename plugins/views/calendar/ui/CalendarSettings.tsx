// A new calendar's settings in the create-view dialog: the date field its records are placed
// by and, when the table has another, the field where a record ends (optional).
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import type { FieldInfo, ViewSettingsProps } from "@workbench/plugin-api";
import { isCalendarDate } from "./dates";

type Range = { fk_from_column_id?: string | null; fk_to_column_id?: string | null };

/** The range the settings name, each field defaulting to the first fitting one. */
export function rangeOf(settings: Record<string, unknown>, columns: readonly FieldInfo[]): { start: string; end: string } {
  const range = (Array.isArray(settings.calendar_range) ? settings.calendar_range[0] : undefined) as Range | undefined;
  const dates = columns.filter(isCalendarDate);
  const start = dates.find((c) => c.id === range?.fk_from_column_id)?.id ?? dates[0]?.id ?? "";
  const end = range?.fk_to_column_id && range.fk_to_column_id !== start ? range.fk_to_column_id : "";
  return { start, end };
}

/** A new calendar's range: its date field (it needs one) and its end field, if any. */
export function completeCalendar(settings: Record<string, unknown>, columns: readonly FieldInfo[]): Record<string, unknown> | null {
  const { start, end } = rangeOf(settings, columns);
  return start ? { ...settings, calendar_range: [{ fk_from_column_id: start, fk_to_column_id: end || null }] } : null;
}

export function CalendarSettings({ value, onChange, columns }: ViewSettingsProps) {
  const intl = useIntl();
  const dates = columns.filter(isCalendarDate);
  const { start, end } = rangeOf(value, columns);
  const set = (from: string, to: string) =>
    onChange({ ...value, calendar_range: [{ fk_from_column_id: from, fk_to_column_id: to && to !== from ? to : null }] });
  return (
    <>
      <FormGroup
        label={intl.formatMessage({ id: "plugin.view_calendar.dateField" })}
        labelFor="view-date"
        helperText={dates.length === 0 ? intl.formatMessage({ id: "plugin.view_calendar.needsDate" }) : undefined}
        intent={dates.length === 0 ? "danger" : "none"}
      >
        <HTMLSelect id="view-date" fill value={start} onChange={(e) => set(e.currentTarget.value, end)} data-testid="view-date-field">
          {dates.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </HTMLSelect>
      </FormGroup>
      {dates.length > 1 && (
        <FormGroup label={intl.formatMessage({ id: "plugin.view_calendar.endField" })} labelFor="view-end">
          <HTMLSelect id="view-end" fill value={end} onChange={(e) => set(start, e.currentTarget.value)} data-testid="view-end-field">
            <option value="">{intl.formatMessage({ id: "plugin.view_calendar.endNone" })}</option>
            {dates.filter((c) => c.id !== start).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
          </HTMLSelect>
        </FormGroup>
      )}
    </>
  );
}
