import { Button, Callout, Card, H2, Spinner } from "@blueprintjs/core";
import { useEffect, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useParams } from "react-router";
import { useAppSelector, useAppStore } from "../../app/hooks";
import { selectSettingsLoaded } from "../settings/settingsSlice";
import { AuthField } from "./AuthField";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "./password";

export { MIN_PASSWORD_LENGTH };

type LinkState = "checking" | "valid" | "invalid";

/** The page a password reset e-mail links to: checks the link, then sets the new password. */
export function ResetPassword() {
  const intl = useIntl();
  const store = useAppStore();
  // The token is in the URL, which the prerendered shell does not know: wait for hydration.
  const hydrated = useAppSelector(selectSettingsLoaded);
  const { token = "" } = useParams();
  const [linkState, setLinkState] = useState<LinkState>("checking");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    const path = `/api/v1/auth/token/validate/${encodeURIComponent(token)}`;
    store.http.request({ url: path, method: "POST" }).then((result) => {
      if (!live) return;
      setLinkState(result.error ? "invalid" : "valid");
      if (result.error) setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [hydrated, token, store]);

  const problem = passwordProblem(password);
  const passwordError = touched && problem ? intl.formatMessage({ id: problem.id }, problem.values) : null;
  const confirmError = touched && !passwordError && confirm !== password ? intl.formatMessage({ id: "auth.reset.mismatch" }) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (passwordProblem(password) || confirm !== password) return;
    setBusy(true);
    setError(null);
    const path = `/api/v1/auth/password/reset/${encodeURIComponent(token)}`;
    const result = await store.http.request({ url: path, method: "POST", body: { password } });
    setBusy(false);
    if (result.error) setError(result.error.message);
    else setDone(true);
  };

  return (
    <Card className="wb-auth-card" elevation={2}>
      <H2>
        <FormattedMessage id="auth.reset.title" />
      </H2>
      {done ? (
        <Callout intent="success" data-testid="reset-done">
          <FormattedMessage id="auth.reset.done" />
        </Callout>
      ) : linkState === "checking" ? (
        <div className="wb-gap" aria-live="polite">
          <Spinner size={20} />
          <FormattedMessage id="auth.reset.checking" />
        </div>
      ) : linkState === "invalid" ? (
        <Callout intent="danger" className="wb-gap" data-testid="form-error">
          {error}
        </Callout>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {error && (
            <Callout intent="danger" className="wb-gap" data-testid="form-error">
              {error}
            </Callout>
          )}
          <AuthField id="reset-password" label="auth.reset.password" name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} error={passwordError} />
          <AuthField id="reset-confirm" label="auth.reset.confirm" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} error={confirmError} />
          <Button type="submit" intent="primary" fill loading={busy} data-testid="reset-submit">
            <FormattedMessage id="auth.reset.submit" />
          </Button>
        </form>
      )}
      <p className="wb-auth-links">
        {linkState === "invalid" && !done ? (
          <Link to="/forgot-password">
            <FormattedMessage id="auth.reset.askAgain" />
          </Link>
        ) : (
          <Link to="/signin">
            <FormattedMessage id="auth.haveAccount" />
          </Link>
        )}
      </p>
    </Card>
  );
}
