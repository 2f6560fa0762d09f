// The account's API tokens: create one with a description (shown once, with a copy button),
// list them (description, first characters, created, last used) and revoke one after a
// confirmation. Scripts and NocoDB's clients send a token in the `xc-token` header.
import { Alert, Button, Callout, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import { useApiTokensQuery, useCreateApiTokenMutation, useDeleteApiTokenMutation, type ApiToken } from "./api";

const DESCRIPTION_MAX = 255;

export function ApiTokens() {
  const intl = useIntl();
  const { data, isLoading, isError, error } = useApiTokensQuery();
  const [create, createState] = useCreateApiTokenMutation();
  const [remove, removeState] = useDeleteApiTokenMutation();
  const [description, setDescription] = useState("");
  const [fresh, setFresh] = useState<ApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [copied, setCopied] = useState(false);
  const tooLong = description.length > DESCRIPTION_MAX;

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    const result = await create({ description: description.trim() });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    setFresh(result.data);
    setCopied(false);
    setDescription("");
  };
  const copy = async () => {
    if (!fresh) return;
    await navigator.clipboard?.writeText(fresh.token);
    setCopied(true);
  };
  const onRevoke = async () => {
    if (!revoking) return;
    const result = await remove(revoking.id);
    setRevoking(null);
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    if (fresh?.id === revoking.id) setFresh(null);
    notify(intl.formatMessage({ id: "tokens.revoked" }), "success");
  };
  const date = (value: string | null) => (value ? intl.formatDate(value, { dateStyle: "medium", timeStyle: "short" }) : "—");

  return (
    <section data-testid="api-tokens">
      <h3 className="bp6-heading">
        <FormattedMessage id="tokens.title" />
      </h3>
      <p className="bp6-text-muted">
        <FormattedMessage id="tokens.intro" />
      </p>
      <form onSubmit={onCreate} className="wb-gap">
        <FormGroup
          label={intl.formatMessage({ id: "tokens.description" })}
          labelFor="token-description"
          helperText={tooLong ? intl.formatMessage({ id: "tokens.description.tooLong" }, { max: DESCRIPTION_MAX }) : undefined}
          intent={tooLong ? "danger" : "none"}
        >
          <InputGroup
            id="token-description"
            value={description}
            intent={tooLong ? "danger" : "none"}
            onValueChange={setDescription}
            data-testid="token-description"
            rightElement={
              <Button type="submit" intent="primary" icon="key" loading={createState.isLoading} disabled={tooLong} data-testid="token-create">
                <FormattedMessage id="tokens.create" />
              </Button>
            }
          />
        </FormGroup>
      </form>
      {fresh && (
        <Callout intent="success" icon="key" className="wb-gap" data-testid="token-fresh">
          <p>
            <FormattedMessage id="tokens.once" />
          </p>
          <InputGroup
            readOnly
            value={fresh.token}
            data-testid="token-value"
            onFocus={(e) => e.currentTarget.select()}
            rightElement={
              <Button variant="minimal" icon={copied ? "tick" : "duplicate"} onClick={() => void copy()} data-testid="token-copy">
                <FormattedMessage id={copied ? "share.copied" : "share.copy"} />
              </Button>
            }
          />
        </Callout>
      )}
      {isLoading && <Spinner size={20} />}
      {isError && <Callout intent="danger">{(error as HttpError).message}</Callout>}
      {data && data.list.length === 0 && (
        <div data-testid="tokens-empty">
          <NonIdealState icon="key" description={intl.formatMessage({ id: "tokens.none" })} />
        </div>
      )}
      {data && data.list.length > 0 && (
        <HTMLTable className="wb-table" compact data-testid="tokens-list">
          <thead>
            <tr>
              <th><FormattedMessage id="tokens.description" /></th>
              <th><FormattedMessage id="tokens.token" /></th>
              <th><FormattedMessage id="tokens.created" /></th>
              <th><FormattedMessage id="tokens.lastUsed" /></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.list.map((token) => (
              <tr key={token.id} data-testid="token-row">
                <td>{token.description || <span className="bp6-text-muted">{intl.formatMessage({ id: "tokens.noDescription" })}</span>}</td>
                <td><code>{token.token}</code></td>
                <td>{date(token.created_at)}</td>
                <td>{date(token.last_used_at)}</td>
                <td>
                  <Button variant="minimal" intent="danger" icon="trash" onClick={() => setRevoking(token)} data-testid="token-revoke">
                    <FormattedMessage id="tokens.revoke" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert
        isOpen={!!revoking}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "tokens.revoke" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        loading={removeState.isLoading}
        onConfirm={() => void onRevoke()}
        onCancel={() => setRevoking(null)}
      >
        <FormattedMessage id="tokens.revoke.confirm" values={{ name: revoking?.description || revoking?.token || "" }} />
      </Alert>
    </section>
  );
}
