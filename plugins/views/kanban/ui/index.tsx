// The kanban view's UI: the board (a stack per option of its single-choice field; moving a
// card writes that field, editing a stack the field's options, collapsing one or ordering
// cards the view's meta; cards open and are added in the expanded record form), and the
// fields a new kanban asks for.
import { useState } from "react";
import { cardFields, definePlugin, useCardFields, useFieldActions, useRecordForm, type ViewProps } from "@workbench/plugin-api";
import { Kanban } from "./Kanban";
import { KanbanToolbar } from "./KanbanToolbar";
import { cardOrders, collapsedStacks, toggleCollapsed, type SelectOption } from "./kanbanStacks";
import { completeKanban, KanbanSettings } from "./KanbanSettings";

function KanbanView({ projectId, view, table, source, settings, can, saveMeta }: ViewProps) {
  const columns = table.columns;
  const pkName = columns.find((c) => c.pk)?.title ?? "Id";
  const shared = !!source.shared;
  const form = useRecordForm({
    tableId: table.id,
    projectId,
    columns: columns.filter((c) => !c.system || c.pk),
    pkName,
    canEdit: can.editRecords,
    canComment: can.comment,
  });
  const fields = useFieldActions({ id: table.id, projectId, columns });
  // The stacks' collapsed state and the cards' order: the view's meta, saved for who may
  // configure the view (kept in this page for others); the board's own keys changed here
  // over the view's meta as saved (which the toolbar changes too).
  const [own, setOwn] = useState<Record<string, unknown>>({});
  const meta = { ...(view.meta ?? {}), ...own };
  const groupId = settings.fk_grp_col_id as string | null | undefined;
  const coverId = (settings.fk_cover_image_col_id as string | null | undefined) ?? null;
  const field = columns.find((c) => c.id === groupId);
  const cards = useCardFields({ id: shared ? undefined : view.id, tableId: table.id }, columns, [coverId, groupId]);
  const title = columns.filter((c) => c.pv && !c.system);
  // A shared board follows its view's fields as its metadata gives them (the stacking field
  // is the stacks' title, never on the cards).
  const shownFields = shared
    ? cardFields(columns, coverId).filter((c) => c.id !== groupId || c.pv)
    : cards.isLoading
      ? cardFields(columns, coverId)
      : [...title, ...cards.shown];
  const changeMeta = (next: Record<string, unknown>) => {
    setOwn({ collapsedStacks: next.collapsedStacks, cardOrder: next.cardOrder });
    void saveMeta?.(next);
  };
  return (
    <>
      <Kanban
        source={source}
        columns={columns}
        groupId={groupId}
        coverId={coverId}
        fields={shownFields}
        hideEmpty={!!meta.hideEmpty}
        pkName={pkName}
        canMove={can.editRecords}
        onAdd={can.editRecords ? form.add : undefined}
        onOptionsChange={can.editFields && field ? (options: SelectOption[]) => fields.update(field, { colOptions: { options } }) : undefined}
        collapsed={shared ? undefined : collapsedStacks(meta)}
        onToggleCollapsed={shared ? undefined : (id) => changeMeta(toggleCollapsed(meta, id))}
        cardOrder={cardOrders(meta)}
        onCardOrderChange={shared ? undefined : (order) => changeMeta({ ...meta, cardOrder: order })}
        onOpen={shared ? undefined : form.open}
      />
      {!shared && form.element}
    </>
  );
}

export default definePlugin({
  id: "view_kanban",
  viewTypes: { kanban: { View: KanbanView, Toolbar: KanbanToolbar, Settings: KanbanSettings, completeSettings: completeKanban } },
});
