// The calendar's date fields, changed after the view was made (by those who may change the
// schema): where a record starts and, optionally, where it ends.
import { Button, FormGroup, HTMLSelect, PopoverNext } from "@blueprintjs/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import type { FieldInfo } from "@workbench/plugin-api";
import { isCalendarDate } from "./dates";

export function CalendarFields({ columns, startId, endId, save }: {
  columns: readonly FieldInfo[];
  startId?: string | null;
  endId?: string | null;
  save(changes: Record<string, unknown>): Promise<boolean>;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const dates = columns.filter(isCalendarDate);
  const start = dates.find((c) => c.id === startId)?.id ?? dates[0]?.id ?? "";
  const end = endId && endId !== start ? endId : "";
  const change = async (from: string, to: string) => {
    setBusy(true);
    try {
      await save({ calendar_range: [{ fk_from_column_id: from, fk_to_column_id: to && to !== from ? to : null }] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <div className="wb-calendar-fields" data-testid="calendar-fields">
          <FormGroup label={intl.formatMessage({ id: "plugin.view_calendar.dateField" })} labelFor="calendar-start">
            <HTMLSelect id="calendar-start" fill disabled={busy} value={start} onChange={(e) => void change(e.currentTarget.value, end)} data-testid="calendar-start-field">
              {dates.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={intl.formatMessage({ id: "plugin.view_calendar.endField" })} labelFor="calendar-end">
            <HTMLSelect id="calendar-end" fill disabled={busy} value={end} onChange={(e) => void change(start, e.currentTarget.value)} data-testid="calendar-end-field">
              <option value="">{intl.formatMessage({ id: "plugin.view_calendar.endNone" })}</option>
              {dates.filter((c) => c.id !== start).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
        </div>
      }
    >
      <Button icon="calendar" variant="minimal" text={intl.formatMessage({ id: "plugin.view_calendar.fields" })} data-testid="calendar-fields-button" />
    </PopoverNext>
  );
}
