// Route /create: the project creation form as a page.
import { Card, H2 } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { useCreateProjectMutation } from "./api";
import { projectPath } from "./ProjectList";
import { ProjectTitleForm } from "./ProjectTitleDialog";

export function CreateProject() {
  const intl = useIntl();
  const navigate = useNavigate();
  const allowed = useAllowed();
  const [createProject, { isLoading }] = useCreateProjectMutation();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (title: string) => {
    if (!allowed) return;
    const result = await createProject({ title });
    if ("error" in result) setError((result.error as HttpError).message);
    else navigate(projectPath(result.data));
  };
  return (
    <div className="wb-page wb-narrow">
      <Card>
        <H2>
          <FormattedMessage id="project.create.title" />
        </H2>
        <ProjectTitleForm
          submitLabel={intl.formatMessage({ id: "common.create" })}
          busy={isLoading}
          serverError={error}
          onSubmit={onSubmit}
          onCancel={() => navigate("/")}
        />
      </Card>
    </div>
  );
}
