// Change my password (route /user and the account page). The server ends every other
// session and returns a new token, which replaces ours; unless unticked, it also revokes
// my API tokens.
import { Button, Callout, Checkbox, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useAppDispatch, useAppStore } from "../../app/hooks";
import { passwordProblem } from "../auth/password";
import { tokenChanged } from "../settings/settingsSlice";

export function PasswordChange() {
  const intl = useIntl();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [revokeApiTokens, setRevokeApiTokens] = useState(true);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const problem = passwordProblem(next);
  const nextError = touched && next && problem ? intl.formatMessage({ id: problem.id }, problem.values) : null;
  const [message, setMessage] = useState<{ intent: "success" | "danger"; text: string } | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!current || !next || problem) return;
    setBusy(true);
    setMessage(null);
    const result = await store.http.request<{ token?: string }>({
      url: "/api/v1/auth/password/change",
      method: "POST",
      body: { currentPassword: current, newPassword: next, revokeApiTokens },
    });
    setBusy(false);
    if (result.error) return setMessage({ intent: "danger", text: result.error.message });
    if (result.data?.token) dispatch(tokenChanged(result.data.token));
    setCurrent("");
    setNext("");
    setTouched(false);
    setMessage({ intent: "success", text: intl.formatMessage({ id: "account.password.changed" }) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="wb-gap-top" data-testid="password-change">
      <h3 className="bp6-heading">
        <FormattedMessage id="account.password" />
      </h3>
      {message && <Callout intent={message.intent} className="wb-gap" data-testid="password-message">{message.text}</Callout>}
      <FormGroup label={intl.formatMessage({ id: "account.password.current" })} labelFor="password-current">
        <InputGroup id="password-current" type="password" autoComplete="current-password" value={current} onValueChange={setCurrent} />
      </FormGroup>
      <FormGroup label={intl.formatMessage({ id: "account.password.new" })} labelFor="password-new" helperText={nextError} intent={nextError ? "danger" : "none"}>
        <InputGroup id="password-new" type="password" autoComplete="new-password" value={next} onValueChange={setNext} />
      </FormGroup>
      <Checkbox
        checked={revokeApiTokens}
        onChange={(event) => setRevokeApiTokens(event.currentTarget.checked)}
        label={intl.formatMessage({ id: "account.password.revokeApiTokens" })}
        data-testid="password-revoke-api-tokens"
      />
      <Button type="submit" intent="primary" loading={busy} disabled={!current || !next} data-testid="password-submit">
        <FormattedMessage id="account.password" />
      </Button>
    </form>
  );
}
