// The project list (routes / and /projects): create, open, rename, delete.
import { Alert, Button, ButtonGroup, Card, H2, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "react-router";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { notify } from "../ui/notify";
import {
  useCreateProjectMutation,
  useDeleteProjectMutation,
  useProjectsQuery,
  useUpdateProjectMutation,
  type Project,
} from "./api";
import { ProjectTitleDialog } from "./ProjectTitleDialog";
import { themeFromMeta } from "./theme";
import { canCreateProjects, capabilities } from "./permissions";
import { useAppSelector } from "../../app/hooks";
import { selectToken } from "../settings/settingsSlice";
import { decodeToken, rolesMap } from "../session/token";

export function projectPath(project: Pick<Project, "id">): string {
  return `/nc/${encodeURIComponent(project.id)}`;
}

export function ProjectList() {
  const intl = useIntl();
  const navigate = useNavigate();
  const allowed = useAllowed();
  const { data, isLoading, error } = useProjectsQuery(undefined, { skip: !allowed });
  const [createProject, createState] = useCreateProjectMutation();
  const [updateProject, updateState] = useUpdateProjectMutation();
  const [deleteProject] = useDeleteProjectMutation();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const token = useAppSelector(selectToken);
  const myRoles = rolesMap(decodeToken(token)?.roles);
  const mayCreate = !allowed || canCreateProjects(myRoles);

  const onCreate = async (title: string) => {
    const result = await createProject({ title });
    if ("error" in result) return setFormError((result.error as HttpError).message);
    setCreating(false);
    navigate(projectPath(result.data));
  };
  const onRename = async (title: string) => {
    if (!renaming) return;
    const result = await updateProject({ id: renaming.id, title });
    if ("error" in result) return setFormError((result.error as HttpError).message);
    setRenaming(null);
  };
  const onDelete = async () => {
    if (!deleting) return;
    const result = await deleteProject(deleting.id);
    if ("error" in result) notify((result.error as HttpError).message, "danger");
    else notify(intl.formatMessage({ id: "project.deleted" }, { title: deleting.title }), "success");
    setDeleting(null);
  };

  const projects = data?.list ?? [];
  return (
    <div className="wb-page">
      <div className="wb-page-header">
        <H2>
          <FormattedMessage id="project.list.title" />
        </H2>
        {mayCreate && (
          <Button intent="primary" icon="plus" onClick={() => { setFormError(null); setCreating(true); }} disabled={!allowed} data-testid="new-project">
            <FormattedMessage id="project.create" />
          </Button>
        )}
        {mayCreate && (
          <Button icon="data-connection" onClick={() => navigate("/create-external")} disabled={!allowed} data-testid="connect-database">
            <FormattedMessage id="source.create" />
          </Button>
        )}
      </div>
      <Card className="wb-card-flush">
        {!allowed || isLoading ? (
          <div className="wb-pad">
            <Spinner size={24} />
          </div>
        ) : error ? (
          <NonIdealState icon="error" title={(error as HttpError).message} />
        ) : projects.length === 0 ? (
          <NonIdealState icon="folder-new" title={intl.formatMessage({ id: "project.list.empty" })} />
        ) : (
          <HTMLTable className="wb-table" interactive data-testid="project-list">
            <tbody>
              {projects.map((project) => {
                const caps = capabilities({ ...myRoles, ...project.roles });
                return (
                <tr key={project.id} data-testid="project-row">
                  <td>
                    <span className="wb-swatch" style={{ background: project.color || themeFromMeta(project.meta).primaryColor }} />
                    <Link to={projectPath(project)} className="wb-project-link">
                      {project.title}
                    </Link>
                  </td>
                  <td className="wb-actions">
                    <ButtonGroup variant="minimal">
                      {caps.projectUpdate && (
                        <Button icon="edit" onClick={() => { setFormError(null); setRenaming(project); }} data-testid="rename-project">
                          <FormattedMessage id="project.rename" />
                        </Button>
                      )}
                      {caps.projectDelete && (
                        <Button icon="trash" intent="danger" onClick={() => setDeleting(project)} data-testid="delete-project">
                          <FormattedMessage id="project.delete" />
                        </Button>
                      )}
                    </ButtonGroup>
                  </td>
                </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <ProjectTitleDialog
        isOpen={creating}
        title={intl.formatMessage({ id: "project.create.title" })}
        submitLabel={intl.formatMessage({ id: "common.create" })}
        busy={createState.isLoading}
        serverError={formError}
        onSubmit={onCreate}
        onCancel={() => setCreating(false)}
      />
      <ProjectTitleDialog
        isOpen={!!renaming}
        title={intl.formatMessage({ id: "project.rename.title" })}
        initial={renaming?.title}
        submitLabel={intl.formatMessage({ id: "common.save" })}
        busy={updateState.isLoading}
        serverError={formError}
        onSubmit={onRename}
        onCancel={() => setRenaming(null)}
      />
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "project.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      >
        <FormattedMessage id="project.delete.confirm" values={{ title: deleting?.title ?? "" }} />
      </Alert>
    </div>
  );
}
