// Share a view: turn its public link on or off, copy the link, set or clear a password, and
// (grids, galleries, kanbans) allow CSV download.
import { Button, Callout, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Switch } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import { COPIED_FLAG_MS } from "../../app/constants";
import {
  parseMeta,
  sharedViewUrl,
  useShareViewMutation,
  useTableSharesQuery,
  useUnshareViewMutation,
  useUpdateShareMutation,
  type ViewMeta,
} from "./api";
import { fillsRecords, viewTypeOf } from "./viewTypes";
import { PREFILL_MODES, prefillMode } from "../shared/formPrefill";
import { basePath } from "../../app/basePath";

export function ShareDialog({ view, tableId, onClose }: { view: ViewMeta | null; tableId: string; onClose(): void }) {
  const intl = useIntl();
  return (
    <Dialog isOpen={!!view} onClose={onClose} className="wb-dialog" title={intl.formatMessage({ id: "share.title" })}>
      {view && <ShareBody key={view.id} view={view} tableId={tableId} />}
    </Dialog>
  );
}

function ShareBody({ view, tableId }: { view: ViewMeta; tableId: string }) {
  const intl = useIntl();
  const [share, shareState] = useShareViewMutation();
  const [unshare, unshareState] = useUnshareViewMutation();
  const [updateShare, updateState] = useUpdateShareMutation();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const shares = useTableSharesQuery(tableId);
  const protectedNow = !!shares.data?.list.find((v) => v.id === view.id)?.password_protected;
  const [protectChoice, setProtect] = useState<boolean | null>(null);
  const protect = protectChoice ?? protectedNow;
  const [password, setPassword] = useState("");
  const [saved, setSaved] = useState(false);
  const meta = parseMeta(view.meta);
  const shared = !!view.uuid;
  const url = shared ? sharedViewUrl(view, window.location.origin + basePath()) : "";
  const done = (result: { error?: unknown }) => {
    setError("error" in result && result.error ? (result.error as HttpError).message : null);
    return !("error" in result && result.error);
  };
  const toggle = async () => {
    setSaved(false);
    if (shared) done(await unshare({ viewId: view.id, tableId }));
    else done(await share({ viewId: view.id, tableId }));
  };
  const copy = async () => {
    const written = await (navigator.clipboard?.writeText(url).then(() => true, () => false) ?? Promise.resolve(false));
    notify(intl.formatMessage({ id: written ? "share.linkCopied" : "share.copyFailed" }), written ? "success" : "danger");
    if (!written) return;
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_FLAG_MS);
  };
  const setProtection = async (on: boolean) => {
    setProtect(on);
    setSaved(false);
    if (!on && protectedNow) {
      if (done(await updateShare({ viewId: view.id, tableId, password: null }))) setPassword("");
    }
  };
  const savePassword = async () => {
    if (done(await updateShare({ viewId: view.id, tableId, password }))) {
      setSaved(true);
      setPassword("");
    }
  };
  const setCsv = async (allow: boolean) => {
    done(await updateShare({ viewId: view.id, tableId, meta: { ...meta, allowCSVDownload: allow } }));
  };
  const fills = fillsRecords(viewTypeOf(view));
  const downloadable = !fills;
  const setPrefill = async (mode: string) => {
    done(await updateShare({ viewId: view.id, tableId, meta: { ...meta, preFilledMode: mode } }));
  };
  return (
    <DialogBody>
      {error && <Callout intent="danger" className="wb-gap" data-testid="share-error">{error}</Callout>}
      <Switch
        checked={shared}
        disabled={shareState.isLoading || unshareState.isLoading}
        label={intl.formatMessage({ id: "share.enable" })}
        onChange={toggle}
        data-testid="share-toggle"
      />
      {shared && (
        <>
          <FormGroup label={intl.formatMessage({ id: "share.link" })} labelFor="share-link">
            <InputGroup
              id="share-link"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
              rightElement={
                <Button variant="minimal" icon={copied ? "tick" : "duplicate"} onClick={copy} data-testid="share-copy">
                  {intl.formatMessage({ id: copied ? "share.copied" : "share.copy" })}
                </Button>
              }
            />
          </FormGroup>
          <Switch
            checked={protect}
            label={intl.formatMessage({ id: "share.password" })}
            onChange={(e) => void setProtection(e.currentTarget.checked)}
            data-testid="share-password-toggle"
          />
          {protect && (
            <FormGroup label={intl.formatMessage({ id: "share.password.label" })} labelFor="share-password" helperText={saved ? intl.formatMessage({ id: "share.password.saved" }) : undefined} intent={saved ? "success" : "none"}>
              <InputGroup
                id="share-password"
                type="password"
                value={password}
                onValueChange={(v) => { setPassword(v); setSaved(false); }}
                data-testid="share-password-input"
                rightElement={
                  <Button variant="minimal" disabled={!password} loading={updateState.isLoading} onClick={savePassword} data-testid="share-password-save">
                    <FormattedMessage id="common.save" />
                  </Button>
                }
              />
            </FormGroup>
          )}
          {fills && (
            <FormGroup label={intl.formatMessage({ id: "share.prefill" })} labelFor="share-prefill" helperText={intl.formatMessage({ id: "share.prefill.help" })}>
              <HTMLSelect id="share-prefill" value={prefillMode(meta)} onChange={(e) => void setPrefill(e.currentTarget.value)} data-testid="share-prefill">
                {PREFILL_MODES.map((mode) => (
                  <option key={mode} value={mode}>{intl.formatMessage({ id: `share.prefill.${mode}` })}</option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          {downloadable && (
            <Switch
              checked={!!meta.allowCSVDownload}
              label={intl.formatMessage({ id: "share.allowCsv" })}
              onChange={(e) => void setCsv(e.currentTarget.checked)}
              data-testid="share-csv-toggle"
            />
          )}
        </>
      )}
    </DialogBody>
  );
}
