// A table's workspace: its name (rename, delete), its views beside it, and the open view
// (the route's view title, else the default view). When the open view is renamed or deleted
// elsewhere (a live change), the workspace follows it or falls back to the default view.
import { Alert, Button, ButtonGroup, Card, H3, NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate, useParams } from "react-router";
import { useAppDispatch, useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { tabClosed, tabOpened, tabPath, tabRenamed } from "../tabs/tabsSlice";
import { ViewBody } from "../views/ViewBody";
import { ViewsSidebar } from "../views/ViewsSidebar";
import { useViewsQuery, type ViewMeta } from "../views/api";
import { useCapabilities } from "../projects/permissions";
import { TitleDialog } from "../ui/TitleDialog";
import { notify } from "../ui/notify";
import { tableHidden, tableShown } from "../realtime/realtimeSlice";
import { useFollowRenamed } from "../realtime/useFollowRenamed";
import { useDeleteTableMutation, useTableQuery, useTablesQuery, useUpdateTableMutation } from "./api";
import { validateTableTitle } from "./validation";
import { ImportIntoTableButton } from "../imports/ImportActions";
import { DownloadMenu } from "../exports/DownloadMenu";
import { DeletedRecordsButton } from "../history/DeletedRecords";
import { WebhooksDialog } from "../webhooks/WebhooksDialog";
import type { FieldInfo } from "../../plugins/hostApi";

export function TableWorkspace({
  projectId,
  tableId,
  tabType = "table",
}: {
  projectId: string;
  tableId: string;
  /** The workspace's tab: a table tab (/table/...) or a view tab (/view/...). */
  tabType?: "table" | "view";
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Only this table's data: a query's `data` may still be another table's while this one's
  // loads, and its views would then be asked for this table's records.
  const { currentData: table, isError, error } = useTableQuery(tableId);
  const { viewTitle } = useParams();
  const viewsQuery = useViewsQuery(tableId);
  const views: ViewMeta[] = viewsQuery.currentData?.list ?? (table?.views as ViewMeta[] | undefined) ?? [];
  const defaultView = views.find((v) => v.is_default) ?? views[0] ?? null;
  const activeView = viewTitle ? (views.find((v) => v.title === viewTitle) ?? null) : defaultView;
  const [updateTable, updateState] = useUpdateTableMutation();
  const [deleteTable] = useDeleteTableMutation();
  const [renaming, setRenaming] = useState(false);
  // The project's other tables, whose names a rename may not take (cached by the shell).
  const tables = useTablesQuery(projectId, { skip: !renaming });
  const [deleting, setDeleting] = useState(false);
  const [webhooks, setWebhooks] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const tabId = `${tabType}:${tableId}`;
  const caps = useCapabilities();
  const tabViewTitle = activeView && !activeView.is_default ? activeView.title : undefined;

  // The realtime socket tells the server which table this page shows.
  useEffect(() => {
    dispatch(tableShown(tableId));
    return () => {
      dispatch(tableHidden(tableId));
    };
  }, [dispatch, tableId]);

  // The open view renamed elsewhere: follow it; deleted: say so and show the default view.
  useFollowRenamed(activeView, table && viewsQuery.isSuccess ? views : undefined, viewTitle, {
    renamed: (now) => {
      const tab = { id: tabId, type: tabType, title: table?.title ?? "" };
      navigate(tabPath(projectId, { ...tab, viewTitle: now.is_default ? undefined : now.title }), { replace: true });
    },
    deleted: (shown) => {
      notify(intl.formatMessage({ id: "live.viewDeleted" }, { title: shown.title }), "warning");
      navigate(tabPath(projectId, { id: tabId, type: tabType, title: table?.title ?? "" }), { replace: true });
    },
  });

  // The tab remembers the open view, so that coming back to the tab opens it again.
  useEffect(() => {
    if (table) dispatch(tabOpened({ id: tabId, type: tabType, title: table.title, viewTitle: tabViewTitle }));
  }, [dispatch, tabId, tabType, table, tabViewTitle]);

  if (isError) return <Card>{(error as HttpError).message}</Card>;
  if (!table) return <Spinner size={24} />;

  // A view of this table, in this workspace's kind of tab (the default view has no segment).
  const pathOf = (view: Pick<ViewMeta, "title" | "is_default"> | null) =>
    tabPath(projectId, { id: tabId, type: tabType, title: table.title, viewTitle: view && !view.is_default ? view.title : undefined });
  const onRename = async (title: string) => {
    const result = await updateTable({ projectId, tableId, title });
    if ("error" in result) return setFormError((result.error as HttpError).message);
    setRenaming(false);
    const newTitle = result.data?.title ?? title;
    dispatch(tabRenamed({ id: tabId, title: newTitle }));
    navigate(tabPath(projectId, { id: tabId, type: tabType, title: newTitle, viewTitle: tabViewTitle }), { replace: true });
  };
  const onDelete = async () => {
    const result = await deleteTable({ projectId, tableId });
    setDeleting(false);
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    dispatch(tabClosed(tabId));
    const { tabs, activeId } = store.getState().tabs;
    navigate(tabPath(projectId, tabs.find((t) => t.id === activeId) ?? null), { replace: true });
  };

  return (
    <Card data-testid="table-workspace" className="wb-workspace">
      <div className="wb-page-header">
        <H3 data-testid="table-title">{table.title}</H3>
        <div className="wb-page-actions">
        {activeView && <DownloadMenu key={activeView.id} projectId={projectId} tableId={tableId} view={activeView} />}
        <ImportIntoTableButton table={table} />
        {caps.dataEdit && caps.history && <DeletedRecordsButton tableId={tableId} pvTitle={table.columns?.find((c) => c.pv)?.title} />}
        {caps.schema && <ButtonGroup variant="minimal">
          <Button icon="send-message" onClick={() => setWebhooks(true)} data-testid="table-webhooks">
            <FormattedMessage id="webhooks.open" />
          </Button>
          <Button icon="edit" onClick={() => { setFormError(null); setRenaming(true); }} data-testid="rename-table">
            <FormattedMessage id="project.rename" />
          </Button>
          <Button icon="trash" intent="danger" onClick={() => setDeleting(true)} data-testid="delete-table">
            <FormattedMessage id="project.delete" />
          </Button>
        </ButtonGroup>}
        </div>
      </div>
      <div className="wb-workspace-body">
        <ViewsSidebar
          tableId={tableId}
          views={views}
          active={activeView}
          columns={table.columns ?? []}
          editable={caps.viewConfigure}
          onOpen={(view) => navigate(pathOf(view))}
          onRenamed={(view, title) => {
            if (view.id === activeView?.id) navigate(pathOf({ ...view, title }), { replace: true });
          }}
          onDeleted={(view) => {
            if (view.id === activeView?.id) navigate(pathOf(null), { replace: true });
          }}
        />
        <div className="wb-view-body" data-testid="view-body" data-view-kind={activeView ? String(activeView.type) : ""}>
          {activeView ? (
            <ViewBody key={activeView.id} table={table} view={activeView} />
          ) : viewTitle && viewsQuery.isSuccess ? (
            <NonIdealState icon="eye-off" title={intl.formatMessage({ id: "views.notFound" })} />
          ) : (
            <Spinner size={24} />
          )}
        </div>
      </div>
      <TitleDialog
        isOpen={renaming}
        title={intl.formatMessage({ id: "table.rename.title" })}
        label={intl.formatMessage({ id: "table.title.label" })}
        initial={table.title}
        submitLabel={intl.formatMessage({ id: "common.save" })}
        busy={updateState.isLoading}
        serverError={formError}
        validate={(title) => {
          const others = (tables.data?.list ?? []).filter((t) => t.id !== table.id).map((t) => t.title);
          const id = validateTableTitle(title, others);
          return id ? intl.formatMessage({ id }) : null;
        }}
        onSubmit={onRename}
        onCancel={() => setRenaming(false)}
        testId="table-title"
      />
      {caps.schema && (
        <WebhooksDialog
          tableId={tableId}
          tableTitle={table.title}
          columns={(table.columns ?? []) as FieldInfo[]}
          isOpen={webhooks}
          onClose={() => setWebhooks(false)}
        />
      )}
      <Alert
        isOpen={deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "project.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={onDelete}
        onCancel={() => setDeleting(false)}
      >
        <FormattedMessage id="table.delete.confirm" values={{ title: table.title }} />
      </Alert>
    </Card>
  );
}
