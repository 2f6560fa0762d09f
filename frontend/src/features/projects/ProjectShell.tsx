// The project shell (/{projectType}/{projectId}/...): loads the project, checks the caller's
// project roles (the plain `user` role is refused), applies the project's theme colours and
// shows the project home with its tables.
import { Card, H2, H4, Menu, MenuItem, NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Navigate, useNavigate, useParams } from "react-router";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { refusedOnProject } from "../auth/guard";
import { useMeQuery } from "../session/api";
import { notify } from "../ui/notify";
import { useProjectQuery, useTablesQuery } from "./api";
import { themeFromMeta, themeStyle } from "./theme";
import { DEFAULT_THEME } from "../../app/constants";

export function ProjectShell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const allowed = useAllowed();
  const { projectId = "", title: tableTitle } = useParams();
  const me = useMeQuery({ projectId }, { skip: !allowed || !projectId });
  const refused = refusedOnProject(me.data?.roles);
  const ready = allowed && me.isSuccess && !refused;
  const project = useProjectQuery(projectId, { skip: !ready });
  const tables = useTablesQuery(projectId, { skip: !ready });

  useEffect(() => {
    if (refused) {
      notify(intl.formatMessage({ id: "permission.project" }), "danger");
      navigate("/", { replace: true });
    }
  }, [refused, intl, navigate]);

  if (me.isError && (me.error as HttpError).status === 404) return <Navigate to="/error/404" replace />;
  if (project.isError && (project.error as HttpError).status === 404) return <Navigate to="/error/404" replace />;

  const theme = project.data ? themeFromMeta(project.data.meta) : DEFAULT_THEME;
  return (
    <div className="wb-project" style={themeStyle(theme) as CSSProperties} data-testid="project-shell">
      <div className="wb-project-header">
        <H2 data-testid="project-title">{project.data?.title ?? "\u00a0"}</H2>
      </div>
      <div className="wb-project-body">
        <aside className="wb-project-sidebar">
          <H4>
            <FormattedMessage id="project.home.tables" />
          </H4>
          {!project.data ? (
            <Spinner size={20} />
          ) : tables.data && tables.data.list.length > 0 ? (
            <Menu>
              {tables.data.list.map((table) => (
                <MenuItem
                  key={table.id}
                  text={table.title}
                  icon="th"
                  active={table.title === tableTitle}
                  onClick={() => navigate(`/nc/${encodeURIComponent(projectId)}/table/${encodeURIComponent(table.title)}`)}
                />
              ))}
            </Menu>
          ) : (
            <p className="bp6-text-muted" data-testid="no-tables">
              <FormattedMessage id="project.home.noTables" />
            </p>
          )}
        </aside>
        <section className="wb-project-content">
          {project.isError ? (
            <NonIdealState icon="error" title={(project.error as HttpError).message} />
          ) : tableTitle && project.data ? (
            <Card>
              <H4>{tableTitle}</H4>
              <p className="bp6-text-muted">
                <FormattedMessage id="page.notAvailable" />
              </p>
            </Card>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** Route /{projectId}: the project landing sends to the project's shell. */
export function ProjectLanding() {
  const { projectId = "" } = useParams();
  const allowed = useAllowed();
  if (!allowed) return null;
  return <Navigate to={`/nc/${encodeURIComponent(projectId)}`} replace />;
}
