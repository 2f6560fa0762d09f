import { Button, Callout, Card, H2 } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useAppSelector, useAppStore } from "../../app/hooks";
import { selectLocale } from "../i18n/localeSlice";
import { AuthField } from "./AuthField";
import { isValidEmail } from "./email";

export function ForgotPassword() {
  const intl = useIntl();
  const store = useAppStore();
  const { lang } = useAppSelector(selectLocale);
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailError = touched && !isValidEmail(email) ? intl.formatMessage({ id: "auth.email.invalid" }) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isValidEmail(email)) return;
    // The mail is written in the language the app is shown in.
    const result = await store.http.request({
      url: "/api/v1/auth/password/forgot",
      method: "POST",
      body: { email: email.trim() },
      headers: { "xc-lang": lang },
    });
    if (result.error) setError(result.error.message);
    else setSent(true);
  };

  return (
    <Card className="wb-auth-card" elevation={2}>
      <H2>
        <FormattedMessage id="auth.forgot.title" />
      </H2>
      {sent ? (
        <Callout intent="success">
          <FormattedMessage id="auth.forgot.sent" />
        </Callout>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {error && <Callout intent="danger" className="wb-gap">{error}</Callout>}
          <AuthField id="forgot-email" label="auth.email" type="email" autoComplete="email" value={email} onChange={setEmail} error={emailError} />
          <Button type="submit" intent="primary" fill>
            <FormattedMessage id="auth.forgot.submit" />
          </Button>
        </form>
      )}
      <p className="wb-auth-links">
        <Link to="/signin">
          <FormattedMessage id="auth.haveAccount" />
        </Link>
      </p>
    </Card>
  );
}
