import { Button, Callout, Card, H2 } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useParams } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { useAppInfoQuery, useSignUpMutation } from "../session/api";
import { selectSettingsLoaded, tokenChanged } from "../settings/settingsSlice";
import { AuthField } from "./AuthField";
import { isValidEmail } from "./email";
import { passwordProblem } from "./password";

export function SignUp() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // URL params and app info differ from the prerendered shell: show them once hydrated.
  const hydrated = useAppSelector(selectSettingsLoaded);
  const { token: inviteToken } = useParams();
  const { data: appInfo } = useAppInfoQuery(undefined, { skip: !hydrated });
  const [signUp, { isLoading }] = useSignUpMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [firstname, setFirstname] = useState("");
  const [lastname, setLastname] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const emailError = touched && !isValidEmail(email) ? intl.formatMessage({ id: "auth.email.invalid" }) : null;
  const problem = passwordProblem(password);
  const passwordError = !touched
    ? null
    : !password
      ? intl.formatMessage({ id: "auth.password.required" })
      : problem && intl.formatMessage({ id: problem.id }, problem.values);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!isValidEmail(email) || passwordProblem(password)) return;
    const result = await signUp({
      email: email.trim(),
      password,
      firstname: firstname.trim() || undefined,
      lastname: lastname.trim() || undefined,
      token: inviteToken || undefined,
    });
    if ("error" in result) setServerError((result.error as HttpError).message);
    else dispatch(tokenChanged(result.data.token));
  };

  return (
    <Card className="wb-auth-card" elevation={2}>
      <H2>
        <FormattedMessage id="auth.signUp.title" />
      </H2>
      {hydrated && inviteToken && (
        <Callout intent="primary" className="wb-gap" data-testid="invited">
          <FormattedMessage id="auth.signUp.invited" />
        </Callout>
      )}
      {hydrated && !inviteToken && appInfo?.firstUser && (
        <Callout intent="primary" className="wb-gap" data-testid="first-user">
          <FormattedMessage id="auth.signUp.firstUser" />
        </Callout>
      )}
      <form onSubmit={onSubmit} noValidate>
        {serverError && (
          <Callout intent="danger" className="wb-gap" data-testid="form-error">
            {serverError}
          </Callout>
        )}
        <div className="wb-row">
          <AuthField id="signup-firstname" label="auth.firstname" autoComplete="given-name" value={firstname} onChange={setFirstname} />
          <AuthField id="signup-lastname" label="auth.lastname" autoComplete="family-name" value={lastname} onChange={setLastname} />
        </div>
        <AuthField id="signup-email" label="auth.email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={emailError} />
        <AuthField id="signup-password" label="auth.password" name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} error={passwordError} />
        <Button type="submit" intent="primary" fill loading={isLoading} data-testid="signup-submit">
          <FormattedMessage id="auth.signUp.submit" />
        </Button>
      </form>
      <p className="wb-auth-links">
        <Link to="/signin">
          <FormattedMessage id="auth.haveAccount" />
        </Link>
      </p>
    </Card>
  );
}
