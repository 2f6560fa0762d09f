// The body of the open view in a table's workspace: the grid, the form builder, the gallery,
// the kanban (moving a card writes its stack field through the records API) or the calendar.
import { Callout } from "@blueprintjs/core";
import { useEffect } from "react";
import { workbenchApi } from "../../app/api";
import { useAppDispatch } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { Grid } from "../grid/Grid";
import { useUpdateRecordMutation } from "../grid/api";
import { useCapabilities } from "../projects/permissions";
import type { TableMeta } from "../tables/api";
import { notify } from "../ui/notify";
import { Calendar } from "./Calendar";
import { Gallery, Kanban } from "./Cards";
import { FormBuilder } from "./FormBuilder";
import { useCalendarQuery, useGalleryQuery, useKanbanQuery, viewKind, type ViewMeta } from "./api";

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

function GalleryBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const { data, isError, error } = useGalleryQuery(view.id);
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  return <Gallery source={{ tableId: table.id, viewId: view.id }} columns={table.columns ?? []} coverId={data?.fk_cover_image_col_id} />;
}

function KanbanBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const { data, isError, error } = useKanbanQuery(view.id);
  const caps = useCapabilities();
  const [updateRecord] = useUpdateRecordMutation();
  const columns = table.columns ?? [];
  const pkName = columns.find((c) => c.pk)?.title ?? "Id";
  const field = columns.find((c) => c.id === data?.fk_grp_col_id);
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  if (!data) return null;
  const onMove = async (pk: unknown, value: string | null) => {
    if (!field) return;
    const result = await updateRecord({ tableId: table.id, pkName, pk, values: { [field.title]: value } });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };
  return (
    <Kanban
      source={{ tableId: table.id, viewId: view.id }}
      columns={columns}
      groupId={data.fk_grp_col_id}
      coverId={data.fk_cover_image_col_id}
      pkName={pkName}
      onMove={caps.dataEdit ? onMove : undefined}
    />
  );
}

function CalendarBody({ table, view }: { table: TableMeta; view: ViewMeta }) {
  const { data, isError, error } = useCalendarQuery(view.id);
  if (isError) return <Callout intent="danger">{(error as HttpError).message}</Callout>;
  if (!data) return null;
  const dateId = data.calendar_range?.[0]?.fk_from_column_id;
  return <Calendar source={{ tableId: table.id, viewId: view.id }} columns={table.columns ?? []} dateColumnId={dateId} />;
}
