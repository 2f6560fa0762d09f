import { Button, Callout, Card, H2 } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { useSignInMutation } from "../session/api";
import { tokenChanged } from "../settings/settingsSlice";
import { AuthField } from "./AuthField";
import { isValidEmail } from "./email";

export function SignIn() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [signIn, { isLoading }] = useSignInMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const emailError = touched && !isValidEmail(email) ? intl.formatMessage({ id: "auth.email.invalid" }) : null;
  const passwordError = touched && !password ? intl.formatMessage({ id: "auth.password.required" }) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!isValidEmail(email) || !password) return;
    const result = await signIn({ email: email.trim(), password });
    if ("error" in result) setServerError((result.error as HttpError).message);
    else dispatch(tokenChanged(result.data.token));
  };

  return (
    <Card className="wb-auth-card" elevation={2}>
      <H2>
        <FormattedMessage id="auth.signIn.title" />
      </H2>
      <form onSubmit={onSubmit} noValidate>
        {serverError && (
          <Callout intent="danger" className="wb-gap" data-testid="form-error">
            {serverError}
          </Callout>
        )}
        <AuthField id="signin-email" label="auth.email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={emailError} />
        <AuthField id="signin-password" label="auth.password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={passwordError} />
        <Button type="submit" intent="primary" fill loading={isLoading} data-testid="signin-submit">
          <FormattedMessage id="auth.signIn.submit" />
        </Button>
      </form>
      <p className="wb-auth-links">
        <Link to="/signup">
          <FormattedMessage id="auth.noAccount" />
        </Link>
        <Link to="/forgot-password">
          <FormattedMessage id="auth.forgotPassword" />
        </Link>
      </p>
    </Card>
  );
}
