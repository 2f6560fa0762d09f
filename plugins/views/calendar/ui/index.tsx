// The calendar view's UI: the body (records placed on their days, moved by drag and drop,
// opened and added in the expanded record form), its date fields as the body's settings,
// and the fields a new calendar asks for.
import { definePlugin, useRecordForm, type ViewProps } from "@workbench/plugin-api";
import { Calendar } from "./Calendar";
import { CalendarFields } from "./CalendarFields";
import { CalendarSettings, completeCalendar } from "./CalendarSettings";

type Range = { fk_from_column_id?: string | null; fk_to_column_id?: string | null };

function CalendarView({ projectId, table, source, settings, can, saveSettings }: ViewProps) {
  const columns = table.columns;
  const pkName = columns.find((c) => c.pk)?.title ?? "Id";
  const form = useRecordForm({
    tableId: table.id,
    projectId,
    columns: columns.filter((c) => !c.system || c.pk),
    pkName,
    canEdit: can.editRecords,
    canComment: can.comment,
  });
  const range = (Array.isArray(settings.calendar_range) ? settings.calendar_range[0] : undefined) as Range | undefined;
  const shared = !!source.shared;
  return (
    <>
      <Calendar
        source={source}
        columns={columns}
        dateColumnId={range?.fk_from_column_id}
        endColumnId={range?.fk_to_column_id}
        pkName={pkName}
        canMove={can.editRecords}
        onOpen={shared ? undefined : form.open}
        onAdd={can.editRecords ? form.add : undefined}
        tools={
          can.editFields && saveSettings ? (
            <CalendarFields columns={columns} startId={range?.fk_from_column_id} endId={range?.fk_to_column_id} save={saveSettings} />
          ) : undefined
        }
      />
      {!shared && form.element}
    </>
  );
}

export default definePlugin({
  id: "view_calendar",
  viewTypes: { calendar: { View: CalendarView, Settings: CalendarSettings, completeSettings: completeCalendar } },
});
