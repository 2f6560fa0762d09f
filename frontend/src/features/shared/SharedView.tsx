// Public shared views and forms, in the shared-view layout without sign-in:
// load the view's metadata (with the password as xc-password once entered); a 404 shows the
// not-found state, a password error the prompt ("Something went wrong. Please check your
// credentials." after a wrong one); then the form to fill (or survey) of a type whose link
// takes submissions, else the view's records, read-only, drawn by its type's bundle.
import { Button, Callout, Card, FormGroup, H3, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useMemo, useReducer, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import type { CatalogueViewType } from "../../plugins/catalogue";
import type { FieldInfo, ViewProps } from "../../plugins/hostApi";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { viewTypeUI } from "../../plugins/registry";
import { useAllowed } from "../auth/Guard";
import { notify } from "../ui/notify";
import { parseMeta } from "../views/api";
import { ViewLoading } from "../views/ViewBody";
import { fillsRecords, viewTypeOf } from "../views/viewTypes";
import "../views/views.css";
import { useSharedViewMetaQuery, type SharedViewMeta } from "./api";
import { SharedForm, useCountdown } from "./SharedForm";
import { initialSharedState, isPasswordError, sharedReducer, type SharedAction, type SharedState } from "./sharedState";
import { forgetPassword, rememberPassword, rememberedPassword } from "./sharedPasswords";

export function SharedView() {
  const intl = useIntl();
  const allowed = useAllowed();
  const { viewId: uuid = "" } = useParams();
  const survey = /\/survey\/?$/.test(useLocation().pathname);
  // A password entered earlier in this browser session is tried first (a reload asks again
  // only if the server refuses it).
  const [state, dispatch] = useReducer(sharedReducer, uuid, (id) => ({ ...initialSharedState, password: rememberedPassword(id) }));
  const query = useSharedViewMetaQuery({ uuid, password: state.password || undefined }, { skip: !allowed || !uuid });
  useCountdown(state, dispatch);

  useEffect(() => {
    if (query.isFetching) return;
    if (query.isSuccess) {
      rememberPassword(uuid, state.password);
      dispatch({ type: "loaded" });
    } else if (query.isError) {
      if (isPasswordError(query.error as HttpError)) forgetPassword(uuid);
      dispatch({ type: "loadFailed", error: query.error as HttpError });
    }
    // The password is the one this load was made with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isFetching, query.isSuccess, query.isError, query.error, query.fulfilledTimeStamp, query.startedTimeStamp]);

  useEffect(() => {
    if (state.status === "error" && state.error) notify(state.error, "danger");
  }, [state.status, state.error]);

  let body;
  if (!allowed || state.status === "loading" || (state.status === "ready" && !query.data)) body = <Spinner size={32} />;
  else if (state.status === "notFound")
    body = (
      <NonIdealState
        icon="search"
        title={intl.formatMessage({ id: "shared.notFound" })}
        description={intl.formatMessage({ id: "shared.notFound.text" })}
        data-testid="shared-not-found"
      />
    );
  else if (state.status === "password") body = <PasswordPrompt state={state} dispatch={dispatch} />;
  else if (state.status === "error") body = <NonIdealState icon="error" title={state.error ?? ""} />;
  else body = <SharedBody meta={query.data!} uuid={uuid} state={state} dispatch={dispatch} survey={survey} />;
  return <div className="wb-shared" data-testid="shared-view">{body}</div>;
}

export function PasswordPrompt({ state, dispatch }: { state: SharedState; dispatch: React.Dispatch<SharedAction> }) {
  const intl = useIntl();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (state.passwordInput) dispatch({ type: "passwordSubmitted" });
  };
  return (
    <Card className="wb-password-card" data-testid="shared-password">
      <H3>
        <FormattedMessage id="shared.password.title" />
      </H3>
      <form onSubmit={submit}>
        {state.passwordError && (
          <Callout intent="danger" className="wb-gap" data-testid="shared-password-error">
            <FormattedMessage id="shared.password.wrong" />
          </Callout>
        )}
        <FormGroup label={intl.formatMessage({ id: "shared.password.label" })} labelFor="shared-password-input">
          <InputGroup
            id="shared-password-input"
            type="password"
            autoFocus
            value={state.passwordInput}
            onValueChange={(value) => dispatch({ type: "passwordEdited", value })}
            data-testid="shared-password-input"
          />
        </FormGroup>
        <Button type="submit" intent="primary" disabled={!state.passwordInput} data-testid="shared-password-submit">
          <FormattedMessage id="shared.password.unlock" />
        </Button>
      </form>
    </Card>
  );
}

function SharedBody({ meta, uuid, state, dispatch, survey }: {
  meta: SharedViewMeta;
  uuid: string;
  state: SharedState;
  dispatch: React.Dispatch<SharedAction>;
  survey: boolean;
}) {
  const type = viewTypeOf(meta);
  if (fillsRecords(type)) return <SharedForm meta={meta} uuid={uuid} state={state} dispatch={dispatch} survey={survey} />;
  return (
    <Card className="wb-shared-card">
      <H3 data-testid="shared-title">{meta.title}</H3>
      <SharedRecords meta={meta} type={type} uuid={uuid} password={state.password} />
    </Card>
  );
}

const NOBODY = { editRecords: false, configureView: false, editFields: false };

/** A shared view's records, drawn by its type's bundle (read-only, through the public link). */
function SharedRecords({ meta, type, uuid, password }: { meta: SharedViewMeta; type: CatalogueViewType | undefined; uuid: string; password: string }) {
  const pluginsLoaded = useAppSelector((s) => s.ui.pluginsVersion) > 0;
  const ui = type ? viewTypeUI(type.name) : null;
  const table = meta.model ?? { id: meta.fk_model_id ?? "", title: meta.title };
  const props: ViewProps | null = useMemo(
    () =>
      type
        ? {
            projectId: "",
            tableId: table.id,
            view: { id: meta.id, title: meta.title, type: Number(type.type), meta: parseMeta(meta.meta) },
            readOnly: true,
            table: { id: table.id, title: table.title, columns: (table.columns ?? []) as FieldInfo[] },
            source: { tableId: table.id, shared: { uuid, password: password || undefined } },
            settings: meta.view ?? {},
            can: NOBODY,
          }
        : null,
    [meta, type, table, uuid, password],
  );
  if (!ui || !props || !type) return type?.bundle && !pluginsLoaded ? <ViewLoading /> : <UnavailableNotice />;
  return (
    <PluginBoundary pluginId={ui.pluginId} fallback={<UnavailableNotice />}>
      <ui.View {...props} />
    </PluginBoundary>
  );
}

/** A shared view whose type no enabled plugin provides. */
function UnavailableNotice() {
  const intl = useIntl();
  return (
    <Callout intent="warning" data-testid="view-unavailable">
      {intl.formatMessage({ id: "views.unavailable.title" })}
    </Callout>
  );
}
