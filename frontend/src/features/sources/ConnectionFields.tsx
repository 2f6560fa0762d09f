// The connection form's fields, built from the catalogue's database clients (their fields,
// default port and schemas, SSL support): used where a new project is made from a database
// and where a database is connected to an existing project. `useConnectionForm` holds its
// state and the "Test connection" call, whose outcome the form shows.
import { Callout, FormGroup, HTMLSelect, InputGroup, Section, TextArea } from "@blueprintjs/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { useCatalogue, type CatalogueDatabaseClient } from "../../plugins/catalogue";
import { notify } from "../ui/notify";
import { useTestConnectionMutation } from "./api";
import { configOf, emptyForm, SSL_FILES, SSL_MODES, type ConnectionForm } from "./connection";

type TextKey = Exclude<keyof ConnectionForm, "client" | "sslMode">;

export interface ConnectionFormState {
  clients: CatalogueDatabaseClient[];
  client: CatalogueDatabaseClient | undefined;
  form: ConnectionForm;
  setForm: (change: (form: ConnectionForm) => ConnectionForm) => void;
  chooseClient: (name: string) => void;
  /** The server's message of the last failed call (a test, or the caller's own). */
  error: string | null;
  setError: (error: string | null) => void;
  tested: boolean;
  testing: boolean;
  test: () => Promise<void>;
}

export function useConnectionForm(): ConnectionFormState {
  const intl = useIntl();
  const catalogue = useCatalogue();
  const clients = useMemo(
    () => [...(catalogue.databaseClients ?? [])].sort((a, b) => a.order - b.order),
    [catalogue.databaseClients],
  );
  const [form, setFormState] = useState<ConnectionForm>(() => emptyForm(clients[0]));
  const client = clients.find((c) => c.name === form.client) ?? clients[0];
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState(false);
  const [testConnection, testState] = useTestConnectionMutation();

  const setForm = (change: (form: ConnectionForm) => ConnectionForm) => {
    setFormState(change);
    setTested(false);
  };
  const chooseClient = (name: string) => {
    setFormState(emptyForm(clients.find((c) => c.name === name)));
    setTested(false);
    setError(null);
  };
  const test = async () => {
    if (!client) return;
    setError(null);
    const result = await testConnection(configOf(form, client));
    if ("error" in result) {
      setError((result.error as HttpError).message);
      setTested(false);
    } else {
      setTested(true);
      notify(intl.formatMessage({ id: "source.test.ok" }), "success");
    }
  };
  return { clients, client, form, setForm, chooseClient, error, setError, tested, testing: testState.isLoading, test };
}

/** The client choice, its connection fields, the SSL options and the last call's outcome. */
export function ConnectionFields({ state }: { state: ConnectionFormState }) {
  const intl = useIntl();
  const catalogue = useCatalogue();
  const { clients, client, form, setForm, chooseClient, error, tested } = state;
  const t = (id: string) => intl.formatMessage({ id });
  const set = (key: TextKey) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  // The outcome is shown below the fields: brought into sight (a dialog's body scrolls).
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error || tested) outcome.current?.scrollIntoView?.({ block: "nearest" });
  }, [error, tested]);

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
    <>
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
      <div ref={outcome}>
        {error && (
          <Callout intent="danger" className="wb-gap" data-testid="source-error" role="alert">
            {error}
          </Callout>
        )}
        {tested && !error && (
          <Callout intent="success" className="wb-gap" data-testid="source-tested">
            <FormattedMessage id="source.test.ok" />
          </Callout>
        )}
      </div>
    </>
  );
}
