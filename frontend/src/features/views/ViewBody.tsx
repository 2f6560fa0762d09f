// The body of the open view in a table's workspace: the grid, the form builder, the gallery,
// the kanban (moving a card writes its stack field; editing a stack, the field's options;
// collapsing one, the view's meta) or the calendar; a card or calendar record opens in the
// expanded record form.
import { Callout } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { workbenchApi } from "../../app/api";
import { useAppDispatch } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { ExpandedRecord } from "../grid/ExpandedRecord";
import { Grid } from "../grid/Grid";
import { recordsApi, useCreateRecordMutation, type RecordRow } from "../grid/api";
import { useCapabilities } from "../projects/permissions";
import { useUpdateColumnMutation, type SelectOption, type TableMeta } from "../tables/api";
import { notify } from "../ui/notify";
import { Calendar } from "./Calendar";
import { CalendarFields } from "./CalendarFields";
import { Gallery } from "./Cards";
import { FormBuilder } from "./FormBuilder";
import { Kanban } from "./Kanban";
import { useCalendarQuery, useGalleryQuery, useKanbanQuery, useUpdateViewMutation, parseMeta, viewKind, type ViewMeta } from "./api";
import { cardOrders, collapsedStacks, toggleCollapsed } from "./kanbanStacks";

export function ViewBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const kind = viewKind(view);
  const caps = useCapabilities();
  const dispatch = useAppDispatch();
  // Opening a view reads its records afresh (others, or a shared form, may have added some).
  useEffect(() => {
    dispatch(workbenchApi.util.invalidateTags([{ type: "Records", id: table.id }]));
  }, [dispatch, table.id, view.id]);
  const columns = table.columns ?? [];
  if (kind === "form") return <FormBuilder key={view.id} viewId={view.id} columns={columns} editable={caps.viewConfigure} />;
  if (kind === "gallery") return <GalleryBody table={table} view={view} />;
  if (kind === "kanban") return <KanbanBody table={table} view={view} />;
  if (kind === "calendar") return <CalendarBody table={table} view={view} />;
  return <Grid key={view.id} table={table} viewId={view.id} />;
}

/** The record opened from a card or the calendar, in the expanded record form; `add` creates
 * a record (in a stack, on a day) and opens it to be filled in. */
function useExpanded(table: TableMeta) {
  const caps = useCapabilities();
  const dispatch = useAppDispatch();
  const [createRecord] = useCreateRecordMutation();
  const [record, setRecord] = useState<RecordRow | null>(null);
  const add = async (values: RecordRow) => {
    const result = await createRecord({ tableId: table.id, values });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    const pk = result.data[pkOf(table)];
    const fresh = await dispatch(recordsApi.endpoints.record.initiate({ tableId: table.id, pk }, { subscribe: false, forceRefetch: true }));
    setRecord(fresh.data ?? { ...values, ...result.data });
  };
  const columns = table.columns ?? [];
  const element = (
    <ExpandedRecord
      tableId={table.id}
      projectId={table.project_id}
      canEdit={caps.dataEdit}
      pkName={pkOf(table)}
      record={record}
      columns={columns.filter((c) => !c.system || c.pk)}
      onClose={() => {
        setRecord(null);
        // The cards and the calendar read their records again (the form may have changed one).
        dispatch(workbenchApi.util.invalidateTags([{ type: "Records", id: table.id }]));
      }}
    />
  );
  return { open: setRecord, add: caps.dataEdit ? (values: RecordRow) => void add(values) : undefined, element };
}

const pkOf = (table: TableMeta) => (table.columns ?? []).find((c) => c.pk)?.title ?? "Id";

function GalleryBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const { data, isError, error } = useGalleryQuery(view.id);
  const expanded = useExpanded(table);
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  return (
    <>
      <Gallery source={{ tableId: table.id, viewId: view.id }} columns={table.columns ?? []} coverId={data?.fk_cover_image_col_id} onOpen={expanded.open} />
      {expanded.element}
    </>
  );
}

function KanbanBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const { data, isError, error } = useKanbanQuery(view.id);
  const caps = useCapabilities();
  const expanded = useExpanded(table);
  const [updateColumn] = useUpdateColumnMutation();
  const [updateView] = useUpdateViewMutation();
  // The stacks' collapsed state and the cards' order: the view's meta, saved for who may
  // configure the view (kept in this page for others).
  const [meta, setMeta] = useState<Record<string, unknown>>(() => parseMeta(view.meta));
  const columns = table.columns ?? [];
  const field = columns.find((c) => c.id === data?.fk_grp_col_id);
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  if (!data) return null;
  const onOptionsChange = async (options: SelectOption[]) => {
    if (!field) return false;
    const body = { title: field.title, colOptions: { options } };
    const result = await updateColumn({ tableId: table.id, columnId: field.id, body });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
    return !("error" in result);
  };
  const saveMeta = async (next: Record<string, unknown>) => {
    setMeta(next);
    if (!caps.viewConfigure) return;
    const result = await updateView({ tableId: table.id, viewId: view.id, body: { meta: next } });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };
  return (
    <>
      <Kanban
        source={{ tableId: table.id, viewId: view.id }}
        columns={columns}
        groupId={data.fk_grp_col_id}
        coverId={data.fk_cover_image_col_id}
        pkName={pkOf(table)}
        canMove={caps.dataEdit}
        onAdd={expanded.add}
        onOptionsChange={caps.schema ? onOptionsChange : undefined}
        collapsed={collapsedStacks(meta)}
        onToggleCollapsed={(id) => void saveMeta(toggleCollapsed(meta, id))}
        cardOrder={cardOrders(meta)}
        onCardOrderChange={(order) => void saveMeta({ ...meta, cardOrder: order })}
        onOpen={expanded.open}
      />
      {expanded.element}
    </>
  );
}

function CalendarBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const { data, isError, error } = useCalendarQuery(view.id);
  const caps = useCapabilities();
  const expanded = useExpanded(table);
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  if (!data) return null;
  const dateId = data.calendar_range?.[0]?.fk_from_column_id;
  const endId = data.calendar_range?.[0]?.fk_to_column_id;
  return (
    <>
      <Calendar
        source={{ tableId: table.id, viewId: view.id }}
        columns={table.columns ?? []}
        dateColumnId={dateId}
        endColumnId={endId}
        pkName={pkOf(table)}
        canMove={caps.dataEdit}
        onOpen={expanded.open}
        onAdd={expanded.add}
        tools={caps.schema ? <CalendarFields viewId={view.id} columns={table.columns ?? []} startId={dateId} endId={endId} /> : undefined}
      />
      {expanded.element}
    </>
  );
}
