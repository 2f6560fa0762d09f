// Route /create-external: connect an existing database as a new project. The form is built
// from the catalogue's database clients (their fields and defaults); "Test connection" asks
// the server to connect once, "Connect" creates the project with its tables.
import { Button, Card, FormGroup, H2, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { projectPath } from "../projects/ProjectList";
import { validateProjectTitle } from "../projects/validation";
import { notify } from "../ui/notify";
import { useCreateExternalProjectMutation } from "./api";
import { ConnectionFields, useConnectionForm } from "./ConnectionFields";
import { configOf } from "./connection";

export function CreateExternal() {
  const intl = useIntl();
  const navigate = useNavigate();
  const allowed = useAllowed();
  const connection = useConnectionForm();
  const { client, form, setError } = connection;
  const [title, setTitle] = useState("");
  const [createProject, createState] = useCreateExternalProjectMutation();
  const t = (id: string) => intl.formatMessage({ id });
  const titleErrorId = title ? validateProjectTitle(title) : null;
  const titleError = titleErrorId ? intl.formatMessage({ id: titleErrorId }, { max: 50 }) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!allowed || !client || !title.trim() || titleError) return;
    setError(null);
    const result = await createProject({ title, config: configOf(form, client) });
    if ("error" in result) {
      setError((result.error as HttpError).message);
      return;
    }
    notify(t("source.create.done"), "success");
    navigate(projectPath(result.data));
  };

  return (
    <div className="wb-page wb-narrow">
      <Card>
        <H2>
          <FormattedMessage id="source.create.title" />
        </H2>
        <form onSubmit={onSubmit} data-testid="create-external">
          <FormGroup label={t("source.projectTitle")} labelFor="wb-source-title" intent={titleError ? "danger" : "none"} helperText={titleError ?? undefined}>
            <InputGroup id="wb-source-title" data-testid="source-title" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
          </FormGroup>
          <ConnectionFields state={connection} />
          <div className="wb-actions">
            <Button onClick={() => navigate("/")} text={t("common.cancel")} />
            <Button onClick={connection.test} loading={connection.testing} disabled={!client || !allowed} data-testid="source-test" text={t("source.test")} />
            <Button
              type="submit"
              intent="primary"
              loading={createState.isLoading}
              disabled={!client || !allowed || !title.trim() || !!titleError}
              data-testid="source-connect"
              text={t("source.connect")}
            />
          </div>
        </form>
      </Card>
    </div>
  );
}
