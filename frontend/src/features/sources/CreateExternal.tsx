// Route /create-external: connect an existing database as a new project. The form is built
// from the catalogue's database clients (their fields and defaults); "Test connection" asks
// the server to connect once, "Connect" creates the project with its tables.
import { Button, Callout, Card, FormGroup, H2, HTMLSelect, InputGroup, Section, TextArea } from "@blueprintjs/core";
import { useMemo, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { HttpError } from "../../app/http";
import { useCatalogue } from "../../plugins/catalogue";
import { useAllowed } from "../auth/Guard";
import { projectPath } from "../projects/ProjectList";
import { validateProjectTitle } from "../projects/validation";
import { notify } from "../ui/notify";
import { useCreateExternalProjectMutation, useTestConnectionMutation } from "./api";
import { configOf, emptyForm, SSL_FILES, SSL_MODES, type ConnectionForm } from "./connection";

type TextKey = Exclude<keyof ConnectionForm, "client" | "sslMode">;

export function CreateExternal() {
  const intl = useIntl();
  const navigate = useNavigate();
  const allowed = useAllowed();
  const catalogue = useCatalogue();
  const clients = useMemo(
    () => [...(catalogue.databaseClients ?? [])].sort((a, b) => a.order - b.order),
    [catalogue.databaseClients],
  );
  const [title, setTitle] = useState("");
  const [form, setForm] = useState<ConnectionForm>(() => emptyForm(clients[0]));
  const client = clients.find((c) => c.name === form.client) ?? clients[0];
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState(false);
  const [testConnection, testState] = useTestConnectionMutation();
  const [createProject, createState] = useCreateExternalProjectMutation();
  const t = (id: string) => intl.formatMessage({ id });
  const set = (key: TextKey) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTested(false);
  };
  const titleErrorId = title ? validateProjectTitle(title) : null;
  const titleError = titleErrorId ? intl.formatMessage({ id: titleErrorId }, { max: 50 }) : null;

  const chooseClient = (name: string) => {
    setForm(emptyForm(clients.find((c) => c.name === name)));
    setTested(false);
    setError(null);
  };

  const onTest = async () => {
    if (!client) return;
    setError(null);
    const result = await testConnection(configOf(form, client));
    if ("error" in result) {
      setError((result.error as HttpError).message);
      setTested(false);
    } else {
      setTested(true);
      notify(t("source.test.ok"), "success");
    }
  };

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

  const field = (key: TextKey, label: string, extra: { type?: string; placeholder?: string } = {}) => (
    <FormGroup key={key} label={t(label)} labelFor={`wb-source-${key}`}>
      <InputGroup
        id={`wb-source-${key}`}
        data-testid={`source-${key}`}
        value={form[key]}
        type={extra.type ?? "text"}
        placeholder={extra.placeholder}
        onChange={(e) => set(key)(e.target.value)}
        autoComplete={key === "password" ? "new-password" : "off"}
      />
    </FormGroup>
  );

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
          <FormGroup label={t("source.client")} labelFor="wb-source-client">
            <HTMLSelect
              id="wb-source-client"
              data-testid="source-client"
              value={client?.name ?? ""}
              onChange={(e) => chooseClient(e.target.value)}
              options={clients.map((c) => ({ value: c.name, label: catalogue.messages[c.label] ?? c.label }))}
            />
          </FormGroup>
          {client?.fileBased ? (
            field("filename", "source.filename")
          ) : (
            <>
              {field("host", "source.host", { placeholder: "db.example.com" })}
              {field("port", "source.port", { placeholder: client?.defaultPort ? String(client.defaultPort) : undefined })}
              {field("user", "source.user")}
              {field("password", "source.password", { type: "password" })}
              {field("database", "source.database")}
              {client?.usesSearchPath && field("searchPath", "source.searchPath")}
            </>
          )}
          {client?.supportsSsl && (
            <Section title={t("source.ssl")} collapsible collapseProps={{ defaultIsOpen: false }} compact>
              <div className="wb-pad">
                <FormGroup label={t("source.ssl.mode")} labelFor="wb-source-ssl">
                  <HTMLSelect
                    id="wb-source-ssl"
                    data-testid="source-ssl-mode"
                    value={form.sslMode}
                    onChange={(e) => setForm((f) => ({ ...f, sslMode: e.target.value }))}
                    options={SSL_MODES.map((mode) => ({ value: mode, label: t(`source.ssl.mode.${mode}`) }))}
                  />
                </FormGroup>
                {SSL_FILES.map((kind) => (
                  <FormGroup key={kind} label={t(`source.ssl.${kind}`)} labelFor={`wb-source-ssl-${kind}`} helperText={t("source.ssl.pem")}>
                    <TextArea id={`wb-source-ssl-${kind}`} fill value={form[kind]} onChange={(e) => set(kind)(e.target.value)} />
                  </FormGroup>
                ))}
              </div>
            </Section>
          )}
          {error && (
            <Callout intent="danger" className="wb-gap" data-testid="source-error">
              {error}
            </Callout>
          )}
          {tested && !error && (
            <Callout intent="success" className="wb-gap" data-testid="source-tested">
              <FormattedMessage id="source.test.ok" />
            </Callout>
          )}
          <div className="wb-actions">
            <Button onClick={() => navigate("/")} text={t("common.cancel")} />
            <Button onClick={onTest} loading={testState.isLoading} disabled={!client || !allowed} data-testid="source-test" text={t("source.test")} />
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
