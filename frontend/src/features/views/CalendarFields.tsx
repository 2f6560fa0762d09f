// The calendar's date fields, changed after the view was made (by those who may change the
// schema): where a record starts and, optionally, where it ends.
import { isCalendarDate } from "./viewTypes";
import { Button, FormGroup, HTMLSelect, Popover } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import type { Column } from "../tables/api";
import { notify } from "../ui/notify";
import { useUpdateCalendarMutation } from "./api";

export function CalendarFields({ viewId, columns, startId, endId }: { viewId: string; columns: readonly Column[]; startId?: string | null; endId?: string | null }) {
  const intl = useIntl();
  const [update, { isLoading }] = useUpdateCalendarMutation();
  const dates = columns.filter(isCalendarDate);
  const start = dates.find((c) => c.id === startId)?.id ?? dates[0]?.id ?? "";
  const end = endId && endId !== start ? endId : "";
  const save = async (from: string, to: string) => {
    const result = await update({ viewId, body: { calendar_range: [{ fk_from_column_id: from, fk_to_column_id: to && to !== from ? to : null }] } });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };
  return (
    <Popover
      placement="bottom-end"
      content={
        <div className="wb-calendar-fields" data-testid="calendar-fields">
          <FormGroup label={intl.formatMessage({ id: "views.calendar.dateField" })} labelFor="calendar-start">
            <HTMLSelect id="calendar-start" fill disabled={isLoading} value={start} onChange={(e) => void save(e.currentTarget.value, end)} data-testid="calendar-start-field">
              {dates.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={intl.formatMessage({ id: "views.calendar.endField" })} labelFor="calendar-end">
            <HTMLSelect id="calendar-end" fill disabled={isLoading} value={end} onChange={(e) => void save(start, e.currentTarget.value)} data-testid="calendar-end-field">
              <option value="">{intl.formatMessage({ id: "views.calendar.endNone" })}</option>
              {dates.filter((c) => c.id !== start).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </HTMLSelect>
          </FormGroup>
        </div>
      }
    >
      <Button icon="calendar" variant="minimal" text={intl.formatMessage({ id: "views.calendar.fields" })} data-testid="calendar-fields-button" />
    </Popover>
  );
}
