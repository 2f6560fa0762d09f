// The project shell (/{projectType}/{projectId}/...): loads the project, checks the caller's
// project roles (the plain `user` role is refused), applies the project's theme colours, and
// shows the table list, the open tabs and the active item (project home, table, auth). When
// the open table is renamed or deleted elsewhere (a live change), the shell follows it or
// goes to the project home; a project deleted while open sends its page to the project list.
import { Button, Card, H2, H4, H5, NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useState, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { DEFAULT_THEME } from "../../app/constants";
import { useAppDispatch } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { refusedOnProject } from "../auth/guard";
import { useMeQuery } from "../session/api";
import { TableWorkspace } from "../tables/TableWorkspace";
import { useCreateTableMutation, useTablesQuery, type TableMeta } from "../tables/api";
import { uniqueTitle, validateTableTitle } from "../tables/validation";
import { TabBar } from "../tabs/TabBar";
import { homeShown, projectEntered, selectTabs, tabClosed, tabOpened, tabPath, tabRenamed } from "../tabs/tabsSlice";
import { staleTabs } from "../tabs/staleTabs";
import { TitleDialog } from "../ui/TitleDialog";
import { notify } from "../ui/notify";
import { useProjectQuery } from "./api";
import { Members } from "../members/Members";
import { AuditLog } from "../history/AuditLog";
import { ThemeEditor } from "./ThemeEditor";
import { themeFromMeta, themeStyle } from "./theme";
import { CapabilitiesContext, capabilities } from "./permissions";
import { previewAsChanged, selectPreviewAs } from "../settings/settingsSlice";
import { useAppSelector } from "../../app/hooks";
import { HTMLSelect } from "@blueprintjs/core";
import { MEMBER_ROLES } from "../members/api";
import { roleLabel } from "../members/roles";
import { workbenchApi } from "../../app/api";
import { LiveIndicator } from "../realtime/LiveIndicator";
import { useFollowRenamed } from "../realtime/useFollowRenamed";
import { ImportActions } from "../imports/ImportActions";
import { ImportProvider } from "../imports/ImportContext";
import { RecentImports } from "../imports/RecentImports";
import { withBase } from "../../app/basePath";
import { useTablePrefetch } from "../tables/useTablePrefetch";
import { useInlineSwipe } from "../ui/swipe";
import { ConnectSourceDialog } from "../sources/ConnectSourceDialog";
import { SourceTables } from "../sources/SourceTables";
import { groupName, groupTables } from "../sources/grouping";

/** Where a project without a database config is sent. */
export const NO_DATABASE_PATH = "/project/0";

export function ProjectShell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const allowed = useAllowed();
  const { projectId = "", title: tableTitle, viewTitle } = useParams();
  const isAuthTab = /\/auth\/?$/.test(location.pathname);
  // /table/{title} opens a table tab, /view/{title} a view tab.
  const itemType = /^\/[^/]+\/[^/]+\/view\//.test(location.pathname) ? "view" : "table";
  const me = useMeQuery({ projectId }, { skip: !allowed || !projectId });
  const refused = refusedOnProject(me.data?.roles);
  const previewAs = useAppSelector(selectPreviewAs);
  const caps = capabilities(me.data?.roles, previewAs);
  // Who may preview: whoever could manage the project without previewing.
  const mayPreview = capabilities(me.data?.roles).projectUpdate;
  const choosePreview = (role: string) => {
    dispatch(previewAsChanged(role || null));
    dispatch(workbenchApi.util.invalidateTags(["Records", "Table", "Project"]));
  };
  const ready = allowed && me.isSuccess && !refused;
  const project = useProjectQuery(projectId, { skip: !ready });
  const tables = useTablesQuery(projectId, { skip: !ready });
  const [createTable, createState] = useCreateTableMutation();
  const [creating, setCreating] = useState(false);
  // Whether a phone shows the tables' list (it folds away once a table is opened).
  const [tablesOpen, setTablesOpen] = useState(false);
  const prefetchTable = useTablePrefetch();
  // On a phone, a swipe along the reading direction opens the tables' list, against it closes it.
  const swipe = useInlineSwipe((way) => setTablesOpen(way === "forward"));
  const [auditOpen, setAuditOpen] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const table = tableTitle ? tables.data?.list.find((t) => t.title === tableTitle) : undefined;

  // The open table renamed elsewhere: follow it; deleted: say so and show the project home.
  useFollowRenamed(table, tables.data?.list, tableTitle, {
    renamed: (now, shown) => {
      const tabId = `${itemType}:${shown.id}`;
      dispatch(tabRenamed({ id: tabId, title: now.title }));
      navigate(tabPath(projectId, { id: tabId, type: itemType, title: now.title, viewTitle }), { replace: true });
    },
    deleted: (shown) => {
      notify(intl.formatMessage({ id: "live.tableDeleted" }, { title: shown.title }), "warning");
      dispatch(tabClosed(`${itemType}:${shown.id}`));
      navigate(tabPath(projectId, null), { replace: true });
    },
  });

  // Tabs of tables deleted or renamed elsewhere are closed or renamed.
  const tabs = useAppSelector(selectTabs);
  const tabsProject = useAppSelector((state) => state.tabs.projectId);
  useEffect(() => {
    if (!tables.data || tabsProject !== projectId) return;
    const { closed, renamed } = staleTabs(tabs, tables.data.list);
    for (const id of closed) dispatch(tabClosed(id));
    for (const change of renamed) dispatch(tabRenamed(change));
  }, [tables.data, tabs, tabsProject, projectId, dispatch]);

  // The project deleted while open: read again after a live change, it is not found (the
  // query still holds the project it read before).
  const projectGone = project.isError && (project.error as HttpError).status === 404 && !!project.data;
  useEffect(() => {
    if (!projectGone) return;
    notify(intl.formatMessage({ id: "live.projectDeleted" }), "warning");
    navigate("/", { replace: true });
  }, [projectGone, intl, navigate]);

  useEffect(() => {
    if (refused) {
      notify(intl.formatMessage({ id: "permission.project" }), "danger");
      navigate("/", { replace: true });
    }
  }, [refused, intl, navigate]);

  // The route decides the active tab.
  useEffect(() => {
    if (!ready) return;
    dispatch(projectEntered(projectId));
    if (table) dispatch(tabOpened({ id: `${itemType}:${table.id}`, type: itemType, title: table.title }));
    else if (isAuthTab) dispatch(tabOpened({ id: "auth", type: "auth", title: intl.formatMessage({ id: "members.title" }) }));
    else if (!tableTitle) dispatch(homeShown());
  }, [ready, projectId, table, tableTitle, itemType, isAuthTab, dispatch, intl]);

  if (me.isError && (me.error as HttpError).status === 404) return <Navigate to="/error/404" replace />;
  if (projectGone) return null;
  if (project.isError && (project.error as HttpError).status === 404) return <Navigate to="/error/404" replace />;
  // A project whose database config cannot be found goes to /project/0.
  if (project.data && Array.isArray(project.data.bases) && project.data.bases.length === 0) {
    return <Navigate to={NO_DATABASE_PATH} replace />;
  }

  const theme = project.data ? themeFromMeta(project.data.meta) : DEFAULT_THEME;
  const tableList = tables.data?.list ?? [];
  const openTable = (title: string) => {
    setTablesOpen(false);
    navigate(`/nc/${encodeURIComponent(projectId)}/table/${encodeURIComponent(title)}`);
  };
  // The open table's database removed: show the project home rather than a table gone.
  const onSourceRemoved = (sourceId: string) => {
    if (table?.source_id === sourceId) navigate(tabPath(projectId, null), { replace: true });
  };
  const tableLinks = (list: TableMeta[]) => (
    <ul className="wb-plain-list">
      {list.map((t) => (
        <li key={t.id}>
          <a
            href={withBase(`/nc/${encodeURIComponent(projectId)}/table/${encodeURIComponent(t.title)}`)}
            onClick={(e) => { e.preventDefault(); openTable(t.title); }}
            onMouseEnter={() => prefetchTable(t.id)}
            onFocus={() => prefetchTable(t.id)}
          >
            {t.title}
          </a>
        </li>
      ))}
    </ul>
  );
  const onCreate = async (title: string) => {
    const result = await createTable({ projectId, title });
    if ("error" in result) return setCreateError((result.error as HttpError).message);
    setCreating(false);
    openTable(result.data.title);
  };

  let content = null;
  if (project.isError) content = <NonIdealState icon="error" title={(project.error as HttpError).message} />;
  else if (!project.data || !tables.data) content = null;
  // Keyed by table: nothing of the last table (its views, its open view) outlives a switch.
  else if (tableTitle && table) content = <TableWorkspace key={table.id} projectId={projectId} tableId={table.id} tabType={itemType} />;
  else if (tableTitle) content = <NonIdealState icon="warning-sign" title={intl.formatMessage({ id: "table.notInList" })} />;
  else if (isAuthTab) content = <Members projectId={projectId} />;
  else
    content = (
      <Card data-testid="project-home">
        <H4>
          <FormattedMessage id="project.home.tables" />
        </H4>
        {tableList.length === 0 ? (
          <p className="bp6-text-muted" data-testid="no-tables">
            <FormattedMessage id="project.home.noTables" />
          </p>
        ) : (
          groupTables(tableList, project.data.bases)?.map(({ source, tables: list }) => (
            <div key={source.id} data-testid="home-source-group">
              <H5 className="wb-gap">{groupName(source, intl.formatMessage({ id: "source.builtIn" }))}</H5>
              {list.length > 0 ? tableLinks(list) : (
                <p className="bp6-text-muted">
                  <FormattedMessage id="source.noTables" />
                </p>
              )}
            </div>
          )) ?? tableLinks(tableList)
        )}
        <div className="wb-home-actions">
          {caps.schema && (
            <Button icon="add" intent="primary" onClick={() => { setCreateError(null); setCreating(true); }} data-testid="new-table-home">
              <FormattedMessage id="table.create" />
            </Button>
          )}
          <ImportActions />
          {caps.sources && (
            <Button icon="data-connection" onClick={() => setConnecting(true)} data-testid="connect-source-home">
              <FormattedMessage id="source.create" />
            </Button>
          )}
          <Button icon="people" onClick={() => navigate(`/nc/${encodeURIComponent(projectId)}/auth`)} data-testid="open-members">
            <FormattedMessage id="members.title" />
          </Button>
          {caps.audit && (
            <Button icon="history" onClick={() => setAuditOpen(true)} data-testid="open-audit">
              <FormattedMessage id="audit.title" />
            </Button>
          )}
        </div>
        {caps.audit && <AuditLog projectId={projectId} tables={tableList} isOpen={auditOpen} onClose={() => setAuditOpen(false)} />}
        <RecentImports projectId={projectId} />
        {caps.projectUpdate && <ThemeEditor key={JSON.stringify(project.data.meta ?? null)} project={project.data} />}
      </Card>
    );

  return (
    <CapabilitiesContext.Provider value={caps}>
    <ImportProvider projectId={projectId} takenTables={tableList.map((t) => t.title)} onOpenTable={openTable}>
    <div className="wb-project" style={themeStyle(theme) as CSSProperties} data-testid="project-shell">
      <div className="wb-project-header" {...swipe}>
        <H2 data-testid="project-title">{project.data?.title ?? "\u00a0"}</H2>
        <LiveIndicator />
        {mayPreview && (
          <label className="wb-preview">
            <FormattedMessage id="preview.label" />
            <HTMLSelect minimal value={previewAs ?? ""} onChange={(e) => choosePreview(e.currentTarget.value)} data-testid="preview-as">
              <option value="">{intl.formatMessage({ id: "preview.none" })}</option>
              {MEMBER_ROLES.map((r) => <option key={r} value={r}>{roleLabel(intl, r)}</option>)}
            </HTMLSelect>
          </label>
        )}
      </div>
      <div className="wb-project-body">
        <aside className={`wb-project-sidebar${tablesOpen ? " wb-open" : ""}`} {...swipe} data-testid="project-sidebar">
          <div className="wb-sidebar-head">
            <H4>
              <FormattedMessage id="project.home.tables" />
            </H4>
            {/* On a phone the list folds away under its heading. */}
            <Button
              variant="minimal"
              className="wb-phone-only"
              icon={tablesOpen ? "chevron-up" : "chevron-down"}
              aria-expanded={tablesOpen}
              aria-label={intl.formatMessage({ id: tablesOpen ? "project.tables.hide" : "project.tables.show" })}
              onClick={() => setTablesOpen(!tablesOpen)}
              data-testid="toggle-tables"
            />
            <span className="wb-sidebar-actions">
            {caps.schema && <Button
              variant="minimal"
              icon="add"
              aria-label={intl.formatMessage({ id: "table.create" })}
              title={intl.formatMessage({ id: "table.create" })}
              disabled={!project.data}
              onClick={() => { setCreateError(null); setCreating(true); }}
              data-testid="new-table"
            />}
            {caps.sources && <Button
              variant="minimal"
              icon="data-connection"
              aria-label={intl.formatMessage({ id: "source.create" })}
              title={intl.formatMessage({ id: "source.create" })}
              disabled={!project.data}
              onClick={() => setConnecting(true)}
              data-testid="connect-source"
            />}
            </span>
          </div>
          {!project.data || !tables.data ? (
            <Spinner size={20} />
          ) : (
            <SourceTables
              projectId={projectId}
              tables={tableList}
              sources={project.data.bases}
              activeTitle={tableTitle}
              onOpen={openTable}
              onPrefetch={prefetchTable}
              mayManage={caps.sources}
              onRemoved={onSourceRemoved}
            />
          )}
        </aside>
        <section className="wb-project-content">
          <TabBar projectId={projectId} />
          <div className="wb-tab-content">{content}</div>
        </section>
      </div>
      <TitleDialog
        isOpen={creating}
        title={intl.formatMessage({ id: "table.create.title" })}
        label={intl.formatMessage({ id: "table.title.label" })}
        initial={uniqueTitle("Table", tableList.map((t) => t.title))}
        submitLabel={intl.formatMessage({ id: "common.create" })}
        busy={createState.isLoading}
        serverError={createError}
        validate={(title) => {
          const id = validateTableTitle(title, tableList.map((t) => t.title));
          return id ? intl.formatMessage({ id }) : null;
        }}
        onSubmit={onCreate}
        onCancel={() => setCreating(false)}
        testId="table-title"
      />
      {caps.sources && <ConnectSourceDialog projectId={projectId} isOpen={connecting} onClose={() => setConnecting(false)} />}
    </div>
    </ImportProvider>
    </CapabilitiesContext.Provider>
  );
}

/** Route /{projectId}: the project landing sends to the project's shell. */
export function ProjectLanding() {
  const { projectId = "" } = useParams();
  const allowed = useAllowed();
  if (!allowed) return null;
  return <Navigate to={`/nc/${encodeURIComponent(projectId)}`} replace />;
}

