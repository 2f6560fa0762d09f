import { AnchorButton, Button, Callout, Card, H2, type IconName } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { useCatalogueState, type CatalogueAuthProvider } from "../../plugins/catalogue";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { pluginComponent } from "../../plugins/registry";
import type { HttpError } from "../../app/http";
import { useSignInCodeMutation, useSignInMutation } from "../session/api";
import { selectSettingsLoaded, tokenChanged } from "../settings/settingsSlice";
import { AuthField } from "./AuthField";
import { isValidEmail } from "./email";
import { withBase } from "../../app/basePath";

/** A sign-in provider that sends the visitor elsewhere: its plugin's button when its bundle
 * has one (slot `auth.<name>.button`), else a button to the provider's start address. */
function ProviderButton({ provider }: { provider: CatalogueAuthProvider }) {
  const intl = useIntl();
  useAppSelector((s) => s.ui.pluginsVersion); // the plugin's button appears once its bundle has loaded
  const label = intl.formatMessage({ id: provider.label, defaultMessage: provider.name });
  const own = pluginComponent(`auth.${provider.name}.button`);
  const plain = (
    <AnchorButton
      fill
      icon={(provider.icon || "log-in") as IconName}
      href={withBase(`/auth/${encodeURIComponent(provider.name)}`)}
      data-testid={`signin-provider-${provider.name}`}
    >
      {intl.formatMessage({ id: "auth.signInWith" }, { provider: label })}
    </AnchorButton>
  );
  if (!own) return plain;
  return (
    <PluginBoundary pluginId={own.pluginId} fallback={plain}>
      <own.Component provider={{ name: provider.name, label, icon: provider.icon, kind: provider.kind }} />
    </PluginBoundary>
  );
}

export function SignIn() {
  const intl = useIntl();
  const { catalogue, loaded } = useCatalogueState();
  // The email and password form belongs to a form provider; until the catalogue is known it
  // is shown (the one every installation starts with).
  const withForm = !loaded || catalogue.authProviders.some((p) => p.kind === "form");
  // The page is prerendered without the catalogue: its provider buttons appear once the page
  // has hydrated (the local settings are loaded then), so the first render matches the shell.
  const hydrated = useAppSelector(selectSettingsLoaded);
  // A provider without its settings offers no button.
  const redirects = hydrated ? catalogue.authProviders.filter((p) => p.kind === "redirect" && p.configured) : [];
  const dispatch = useAppDispatch();
  const [signIn, { isLoading }] = useSignInMutation();
  const [signInCode, codeState] = useSignInCodeMutation();
  // Set once the password was right for an account with two-factor sign-in.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState("");
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
    else if (result.data.challenge) setChallenge(result.data.challenge);
    else if (result.data.token) dispatch(tokenChanged(result.data.token));
  };

  const onSubmitCode = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!challenge || !code.trim()) return;
    const result = await signInCode({ challenge, code: code.trim() });
    if ("error" in result) setServerError((result.error as HttpError).message);
    else dispatch(tokenChanged(result.data.token));
  };

  if (challenge) {
    return (
      <Card className="wb-auth-card" elevation={2}>
        <H2>
          <FormattedMessage id="auth.twoFactor.title" />
        </H2>
        <form onSubmit={onSubmitCode} noValidate data-testid="signin-code-form">
          <p>
            <FormattedMessage id="auth.twoFactor.prompt" />
          </p>
          {serverError && (
            <Callout intent="danger" className="wb-gap" data-testid="form-error">
              {serverError}
            </Callout>
          )}
          <AuthField id="signin-code" label="auth.twoFactor.code" name="code" type="text" autoComplete="one-time-code" value={code} onChange={setCode} error={null} />
          <Button type="submit" intent="primary" fill loading={codeState.isLoading} disabled={!code.trim()} data-testid="signin-code-submit">
            <FormattedMessage id="auth.twoFactor.verify" />
          </Button>
        </form>
        <p className="wb-auth-links">
          <a
            href={withBase("/signin")}
            onClick={(event) => {
              event.preventDefault();
              setChallenge(null);
              setCode("");
              setServerError(null);
            }}
          >
            <FormattedMessage id="auth.twoFactor.back" />
          </a>
        </p>
      </Card>
    );
  }

  return (
    <Card className="wb-auth-card" elevation={2}>
      <H2>
        <FormattedMessage id="auth.signIn.title" />
      </H2>
      {redirects.length > 0 && (
        <div className="wb-auth-providers" data-testid="signin-providers">
          {redirects.map((p) => (
            <ProviderButton key={p.name} provider={p} />
          ))}
        </div>
      )}
      {withForm && <form onSubmit={onSubmit} noValidate>
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
      </form>}
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
