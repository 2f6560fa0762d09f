// A shared base (/base/{baseId}): resolve the shared id to its project (404 → /error/404), then
// show the project: its tables and each table's default grid, read-only for a viewer link and
// with records editable for an editor link (the server checks the role on every request).
// Every request on this route carries xc-shared-base-id (see sharedBase.ts).
import { Card, H2, Menu, MenuItem, NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useReducer } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Navigate, useNavigate, useParams } from "react-router";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { ViewBody } from "../views/ViewBody";
import type { ViewMeta } from "../views/api";
import { CapabilitiesContext } from "../projects/permissions";
import { useProjectQuery } from "../projects/api";
import { useTableQuery, useTablesQuery } from "../tables/api";
import { useSharedBaseMetaQuery } from "./api";
import { setSharedBasePassword, sharedBaseCapabilities } from "./sharedBase";
import { PasswordPrompt } from "./SharedView";
import { initialSharedState, sharedReducer } from "./sharedState";

export function SharedBase() {
  const intl = useIntl();
  const navigate = useNavigate();
  const allowed = useAllowed();
  const { baseId = "", title } = useParams();
  // A protected shared base asks for its password (as a shared view does); once right, every
  // request of this page carries it.
  const [state, dispatch] = useReducer(sharedReducer, initialSharedState);
  const resolved = useSharedBaseMetaQuery(baseId, { skip: !allowed || !baseId });
  useEffect(() => {
    if (resolved.isFetching) return;
    if (resolved.isSuccess) dispatch({ type: "loaded" });
    else if (resolved.isError) dispatch({ type: "loadFailed", error: resolved.error as HttpError });
  }, [resolved.isFetching, resolved.isSuccess, resolved.isError, resolved.error]);
  const { refetch } = resolved;
  useEffect(() => {
    if (state.status === "loading" && state.password) {
      setSharedBasePassword(baseId, state.password);
      void refetch();
    }
  }, [state.status, state.password, baseId, refetch]);
  const projectId = resolved.data?.project_id ?? "";
  const project = useProjectQuery(projectId, { skip: !projectId });
  const tables = useTablesQuery(projectId, { skip: !projectId });
  const list = tables.data?.list ?? [];
  const table = title ? list.find((t) => t.title === title) : list[0];

  if (resolved.isError && (resolved.error as HttpError).status === 404) return <Navigate to="/error/404" replace />;
  if (state.status === "password") return <div className="wb-shared"><PasswordPrompt state={state} dispatch={dispatch} /></div>;
  if (resolved.isError && state.status === "error") return <NonIdealState icon="error" title={(resolved.error as HttpError).message} />;
  if (project.isError) return <NonIdealState icon="error" title={(project.error as HttpError).message} />;
  const base = `/base/${encodeURIComponent(baseId)}`;
  const caps = sharedBaseCapabilities(resolved.data?.roles);
  return (
    <CapabilitiesContext.Provider value={caps}>
      <div className="wb-project" data-testid="shared-base">
        <div className="wb-project-header">
          <H2 data-testid="project-title">{project.data?.title ?? "\u00a0"}</H2>
        </div>
        <div className="wb-project-body">
          <aside className="wb-project-sidebar">
            {!tables.data ? (
              <Spinner size={20} />
            ) : (
              <Menu data-testid="table-list">
                {list.map((t) => (
                  <MenuItem key={t.id} text={t.title} icon="th" active={t.id === table?.id} onClick={() => navigate(`${base}/table/${encodeURIComponent(t.title)}`)} />
                ))}
              </Menu>
            )}
          </aside>
          <section className="wb-project-content">
            {tables.data && !table ? (
              <NonIdealState icon="th-disconnect" title={intl.formatMessage({ id: list.length ? "table.notInList" : "project.home.noTables" })} />
            ) : table ? (
              <SharedBaseTable tableId={table.id} />
            ) : null}
            <p className="bp6-text-muted" data-testid="shared-base-access">
              <FormattedMessage id={caps.dataEdit ? "sharedBase.editable" : "sharedBase.readOnly"} />
            </p>
          </section>
        </div>
      </div>
    </CapabilitiesContext.Provider>
  );
}

/** A table of the shared base in its default view, with what the base lets visitors do. */
function SharedBaseTable({ tableId }: { tableId: string }) {
  const { data: table, isError, error } = useTableQuery(tableId);
  if (isError) return <Card>{(error as HttpError).message}</Card>;
  if (!table) return <Spinner size={24} />;
  const views = (table.views ?? []) as ViewMeta[];
  const view = views.find((v) => v.is_default) ?? views[0];
  return (
    <Card className="wb-workspace" data-testid="table-workspace">
      {view && <ViewBody key={view.id} table={table} view={view} />}
    </Card>
  );
}
