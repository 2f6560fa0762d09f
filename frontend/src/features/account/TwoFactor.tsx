// Two-factor sign-in on the account page: turn it on (the secret as a QR code and as text,
// confirmed with a code; ten recovery codes shown once), new recovery codes, turn it off
// (with a code).
import { Button, Callout, FormGroup, InputGroup, Spinner, Tag } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useNewRecoveryCodesMutation,
  useSetupTwoFactorMutation,
  useTwoFactorQuery,
  type TwoFactorSetup,
} from "./twoFactorApi";

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  return (
    <Callout intent="warning" icon="key" className="wb-gap" data-testid="recovery-codes">
      <p>
        <FormattedMessage id="account.twoFactor.recoveryCodes.help" />
      </p>
      <pre className="wb-recovery-codes">{codes.join("\n")}</pre>
      <Button
        icon="duplicate"
        className="wb-recovery-copy"
        onClick={() =>
          void navigator.clipboard
            .writeText(codes.join("\n"))
            .then(() => notify(intl.formatMessage({ id: "account.twoFactor.recoveryCodes.copied" }), "success"))
        }
      >
        <FormattedMessage id="account.twoFactor.recoveryCodes.copy" />
      </Button>
      <Button intent="primary" onClick={onDone} data-testid="recovery-codes-done">
        <FormattedMessage id="account.twoFactor.recoveryCodes.saved" />
      </Button>
    </Callout>
  );
}

/** A code field and its button: confirms setup, turns off, or asks for new recovery codes. */
function CodeForm({ label, submit, busy, onSubmit, testId }: {
  label: string;
  submit: string;
  busy: boolean;
  onSubmit: (code: string) => Promise<boolean>;
  testId: string;
}) {
  const intl = useIntl();
  const [code, setCode] = useState("");
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && (await onSubmit(code.trim()))) setCode("");
  };
  return (
    <form onSubmit={send} noValidate className="wb-gap-top" data-testid={testId}>
      <FormGroup label={intl.formatMessage({ id: label })} labelFor={`${testId}-code`}>
        <InputGroup id={`${testId}-code`} autoComplete="one-time-code" value={code} onValueChange={setCode} />
      </FormGroup>
      <Button type="submit" loading={busy} disabled={!code.trim()} data-testid={`${testId}-submit`}>
        <FormattedMessage id={submit} />
      </Button>
    </form>
  );
}

export function TwoFactor() {
  const intl = useIntl();
  const { data: status } = useTwoFactorQuery();
  const [setupTwoFactor, setupState] = useSetupTwoFactorMutation();
  const [enable, enableState] = useEnableTwoFactorMutation();
  const [disable, disableState] = useDisableTwoFactorMutation();
  const [renew, renewState] = useNewRecoveryCodesMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = async <T,>(promise: PromiseLike<{ data?: T; error?: unknown }>): Promise<T | null> => {
    const result = await promise;
    if (result.error) {
      setError((result.error as HttpError).message);
      return null;
    }
    setError(null);
    return result.data ?? null;
  };
  const onStart = async () => {
    const data = await answer(setupTwoFactor());
    if (data) setSetup(data);
  };
  const onEnable = async (code: string) => {
    const data = await answer(enable({ code }));
    if (!data) return false;
    setSetup(null);
    setCodes(data.recoveryCodes);
    notify(intl.formatMessage({ id: "account.twoFactor.enabled" }), "success");
    return true;
  };
  const onDisable = async (code: string) => {
    if (!(await answer(disable({ code })))) return false;
    notify(intl.formatMessage({ id: "account.twoFactor.disabled" }), "success");
    return true;
  };
  const onRenew = async (code: string) => {
    const data = await answer(renew({ code }));
    if (!data) return false;
    setCodes(data.recoveryCodes);
    return true;
  };
  return (
    <section data-testid="two-factor">
      <h3 className="bp6-heading">
        <FormattedMessage id="account.twoFactor" />{" "}
        {status && (
          <Tag minimal intent={status.enabled ? "success" : "none"} data-testid="two-factor-state">
            <FormattedMessage id={status.enabled ? "account.twoFactor.on" : "account.twoFactor.off"} />
          </Tag>
        )}
      </h3>
      {status?.required && (
        <Callout intent="warning" className="wb-gap" data-testid="two-factor-required">
          <FormattedMessage id="account.twoFactor.required" />
        </Callout>
      )}
      {error && <Callout intent="danger" className="wb-gap" data-testid="two-factor-error">{error}</Callout>}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {!status ? (
        <Spinner size={20} />
      ) : status.enabled ? (
        <>
          <p>
            <FormattedMessage id="account.twoFactor.codesLeft" values={{ count: status.recoveryCodesLeft }} />
          </p>
          <CodeForm label="account.twoFactor.codeOrRecovery" submit="account.twoFactor.newCodes" busy={renewState.isLoading} onSubmit={onRenew} testId="two-factor-renew" />
          <CodeForm label="account.twoFactor.codeOrRecovery" submit="account.twoFactor.turnOff" busy={disableState.isLoading} onSubmit={onDisable} testId="two-factor-off" />
        </>
      ) : setup ? (
        <div data-testid="two-factor-setup">
          <p>
            <FormattedMessage id="account.twoFactor.scan" />
          </p>
          <img src={setup.qr} alt={intl.formatMessage({ id: "account.twoFactor.qr" })} className="wb-totp-qr" data-testid="two-factor-qr" />
          <p>
            <FormattedMessage id="account.twoFactor.secret" />{" "}
            <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <CodeForm label="auth.twoFactor.code" submit="account.twoFactor.confirm" busy={enableState.isLoading} onSubmit={onEnable} testId="two-factor-confirm" />
        </div>
      ) : (
        <>
          <p>
            <FormattedMessage id="account.twoFactor.help" />
          </p>
          <Button icon="shield" loading={setupState.isLoading} onClick={() => void onStart()} data-testid="two-factor-start">
            <FormattedMessage id="account.twoFactor.turnOn" />
          </Button>
        </>
      )}
    </section>
  );
}
