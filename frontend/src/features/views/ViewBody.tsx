// The body of the open view in a table's workspace, by its type in the catalogue: a view
// type's own component from its plugin's bundle, else the host's drawing of a built-in
// type (the grid, the form builder, the gallery, the kanban (moving a card writes its stack
// field; editing a stack, the field's options; collapsing one, the view's meta) or the
// calendar; a card or calendar record opens in the expanded record form); a type no enabled
// plugin provides shows a notice.
import { Callout, NonIdealState } from "@blueprintjs/core";
import { useEffect, useState, type ComponentType } from "react";
import { useIntl } from "react-intl";
import { useAppSelector } from "../../app/hooks";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { viewTypeUI } from "../../plugins/registry";
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
import { useCalendarQuery, useGalleryQuery, useKanbanQuery, useUpdateViewMutation, parseMeta, type ViewMeta } from "./api";
import { cardOrders, collapsedStacks, toggleCollapsed } from "./kanbanStacks";
import { viewTypeOf } from "./viewTypes";

type BodyProps = { table: TableMeta; view: ViewMeta };

function GridBody({ table, view }: BodyProps) {
  return <Grid key={view.id} table={table} viewId={view.id} />;
}

function FormBody({ table, view }: BodyProps) {
  const caps = useCapabilities();
  return <FormBuilder key={view.id} viewId={view.id} columns={table.columns ?? []} editable={caps.viewConfigure} />;
}

/** The built-in view types the host still draws, by the plugin that provides them. */
const BUILTIN_BODIES: Record<string, ComponentType<BodyProps>> = {
  view_grid: GridBody,
  view_form: FormBody,
  view_gallery: GalleryBody,
  view_kanban: KanbanBody,
  view_calendar: CalendarBody,
};

export function ViewBody({ table, view }: BodyProps) {
  const intl = useIntl();
  const caps = useCapabilities();
  const dispatch = useAppDispatch();
  useAppSelector((s) => s.ui.pluginsVersion); // a bundle's view appears once it has loaded
  // Opening a view reads its records afresh (others, or a shared form, may have added some).
  useEffect(() => {
    dispatch(workbenchApi.util.invalidateTags([{ type: "Records", id: table.id }]));
  }, [dispatch, table.id, view.id]);
  const type = viewTypeOf(view);
  const ui = type ? viewTypeUI(type.name) : null;
  if (ui) {
    const props = {
      projectId: table.project_id ?? "",
      tableId: table.id,
      view: { id: view.id, title: view.title, type: Number(type!.type), meta: parseMeta(view.meta) },
      readOnly: !caps.viewConfigure,
    };
    const notice = <UnknownView name={type!.name} />;
    return (
      <PluginBoundary key={view.id} pluginId={ui.pluginId} fallback={notice}>
        {ui.Toolbar && <ui.Toolbar {...props} />}
        <ui.View {...props} />
      </PluginBoundary>
    );
  }
  const Body = type ? BUILTIN_BODIES[type.plugin] : undefined;
  if (Body) return <Body table={table} view={view} />;
  return <UnknownView name={type ? intl.formatMessage({ id: type.label }) : String(view.type)} />;
}

/** A view whose type no enabled plugin draws: said plainly, never drawn as another type. */
function UnknownView({ name }: { name: string }) {
  const intl = useIntl();
  return (
    <div data-testid="view-unavailable">
      <NonIdealState
        icon="warning-sign"
        title={intl.formatMessage({ id: "views.unavailable.title" })}
        description={intl.formatMessage({ id: "views.unavailable.body" }, { type: name })}
      />
    </div>
  );
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
