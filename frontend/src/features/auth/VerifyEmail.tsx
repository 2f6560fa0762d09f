import { Callout, Card, H2, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link, useParams } from "react-router";
import { useAppSelector, useAppStore } from "../../app/hooks";
import { selectSettingsLoaded } from "../settings/settingsSlice";

type State = "checking" | "verified" | "invalid";

/** The page an address verification e-mail links to: following it verifies the address. */
export function VerifyEmail() {
  const store = useAppStore();
  // The token is in the URL, which the prerendered shell does not know: wait for hydration.
  const hydrated = useAppSelector(selectSettingsLoaded);
  const { token = "" } = useParams();
  const [state, setState] = useState<State>("checking");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    const path = `/api/v1/auth/email/validate/${encodeURIComponent(token)}`;
    store.http.request({ url: path, method: "POST" }).then((result) => {
      if (!live) return;
      setState(result.error ? "invalid" : "verified");
      if (result.error) setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [hydrated, token, store]);

  return (
    <Card className="wb-auth-card" elevation={2}>
      <H2>
        <FormattedMessage id="auth.verify.title" />
      </H2>
      {state === "checking" ? (
        <div className="wb-gap" aria-live="polite">
          <Spinner size={20} />
          <FormattedMessage id="auth.reset.checking" />
        </div>
      ) : state === "verified" ? (
        <Callout intent="success" className="wb-gap" data-testid="verify-done">
          <FormattedMessage id="auth.verify.done" />
        </Callout>
      ) : (
        <Callout intent="danger" className="wb-gap" data-testid="form-error">
          {error}
        </Callout>
      )}
      <p className="wb-auth-links">
        <Link to="/">
          <FormattedMessage id="auth.verify.continue" />
        </Link>
      </p>
    </Card>
  );
}
