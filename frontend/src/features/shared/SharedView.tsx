// Public shared views and forms, in the shared-view layout without sign-in:
// load the view's metadata (with the password as xc-password once entered); a 404 shows the
// not-found state, a password error the prompt ("Something went wrong. Please check your
// credentials." after a wrong one); then the view: read-only grid (temporary sort and search,
// CSV download when allowed), form (or survey), gallery, kanban or calendar (read-only).
import { Button, Callout, Card, FormGroup, H3, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { useEffect, useMemo, useReducer, useState, type FormEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useParams } from "react-router";
import { useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { useAllowed } from "../auth/Guard";
import { Grid } from "../grid/Grid";
import type { TableMeta } from "../tables/api";
import { notify } from "../ui/notify";
import { Calendar } from "../views/Calendar";
import { Gallery } from "../views/Cards";
import { Kanban } from "../views/Kanban";
import { cardOrders } from "../views/kanbanStacks";
import { parseMeta } from "../views/api";
import { builtinOf, viewTypeOf } from "../views/viewTypes";
import "../views/views.css";
import { downloadSharedCsv, useSharedViewMetaQuery, type SharedViewMeta } from "./api";
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
  const plugin = type?.plugin ?? "";
  if (builtinOf(type)?.fillsRecords) return <SharedForm meta={meta} uuid={uuid} state={state} dispatch={dispatch} survey={survey} />;
  const table = { ...(meta.model ?? { id: meta.fk_model_id ?? "", title: meta.title }), views: [] } as TableMeta;
  const columns = table.columns ?? [];
  const source = { tableId: table.id, shared: { uuid, password: state.password || undefined } };
  const settings = meta.view ?? {};
  // The built-in view types the host draws, by the plugin that provides them.
  const bodies: Record<string, () => ReactNode> = {
    view_gallery: () => <Gallery source={source} columns={columns} coverId={settings.fk_cover_image_col_id} />,
    view_kanban: () => (
      <Kanban
        source={source}
        columns={columns}
        groupId={settings.fk_grp_col_id}
        coverId={settings.fk_cover_image_col_id}
        cardOrder={cardOrders(parseMeta(meta.meta))}
      />
    ),
    view_calendar: () => (
      <Calendar
        source={source}
        columns={columns}
        dateColumnId={settings.calendar_range?.[0]?.fk_from_column_id}
        endColumnId={settings.calendar_range?.[0]?.fk_to_column_id}
      />
    ),
    view_grid: () => <SharedGrid meta={meta} table={table} uuid={uuid} password={state.password} />,
  };
  return (
    <Card className="wb-shared-card">
      <H3 data-testid="shared-title">{meta.title}</H3>
      {bodies[plugin] ? bodies[plugin]() : <UnavailableNotice />}
    </Card>
  );
}

const TEMP_FILTER_OPS = ["like", "eq", "neq", "nlike", "blank", "notblank"] as const;
const NO_VALUE = ["blank", "notblank"];

interface TempFilter {
  columnId: string;
  op: string;
  value: string;
}

/** The visitor's own filter conditions as NocoDB's filterArrJson (all joined by "and"). */
export function tempFilterJson(filters: readonly TempFilter[]): string | undefined {
  if (filters.length === 0) return undefined;
  return JSON.stringify(
    filters.map((f) => ({
      fk_column_id: f.columnId,
      comparison_op: f.op,
      value: NO_VALUE.includes(f.op) ? null : f.value,
      logical_op: "and",
    })),
  );
}

/** The grid, read-only, with a temporary sort and filters (never saved) and the CSV download when allowed. */
function SharedGrid({ meta, table, uuid, password }: { meta: SharedViewMeta; table: TableMeta; uuid: string; password: string }) {
  const intl = useIntl();
  const store = useAppStore();
  const [sort, setSort] = useState<{ columnId: string; direction: "asc" | "desc" } | null>(null);
  const [filters, setFilters] = useState<TempFilter[]>([]);
  const [draft, setDraft] = useState<TempFilter>({ columnId: "", op: "like", value: "" });
  const allowCsv = !!parseMeta(meta.meta).allowCSVDownload;
  const shared = useMemo(
    () => ({
      uuid,
      password: password || undefined,
      sortArrJson: sort ? JSON.stringify([{ fk_column_id: sort.columnId, direction: sort.direction }]) : undefined,
      filterArrJson: tempFilterJson(filters),
    }),
    [uuid, password, sort, filters],
  );
  const columns = (table.columns ?? []).filter((c) => !c.system && !c.pk);
  const title = (id: string) => columns.find((c) => c.id === id)?.title ?? id;
  const draftColumn = draft.columnId || columns[0]?.id || "";
  const addFilter = () => {
    if (!draftColumn || (!NO_VALUE.includes(draft.op) && draft.value === "")) return;
    setFilters([...filters, { ...draft, columnId: draftColumn }]);
    setDraft({ ...draft, value: "" });
  };
  const download = () =>
    downloadSharedCsv(store.http, uuid, password || undefined, meta.title, { sortArrJson: shared.sortArrJson, filterArrJson: shared.filterArrJson }).catch((e) => notify(String(e.message ?? e), "danger"));
  return (
    <div data-testid="shared-grid">
      <div className="wb-shared-toolbar">
        <HTMLSelect
          minimal
          value={sort ? `${sort.columnId}:${sort.direction}` : ""}
          onChange={(e) => {
            const [columnId, direction] = e.currentTarget.value.split(":");
            setSort(columnId ? { columnId, direction: direction as "asc" | "desc" } : null);
          }}
          aria-label={intl.formatMessage({ id: "shared.sort" })}
          data-testid="shared-sort"
        >
          <option value="">{intl.formatMessage({ id: "shared.sort.none" })}</option>
          {columns.flatMap((c) => [
            <option key={`${c.id}:asc`} value={`${c.id}:asc`}>{`${c.title} ↑`}</option>,
            <option key={`${c.id}:desc`} value={`${c.id}:desc`}>{`${c.title} ↓`}</option>,
          ])}
        </HTMLSelect>
        <HTMLSelect
          minimal
          value={draftColumn}
          onChange={(e) => setDraft({ ...draft, columnId: e.currentTarget.value })}
          aria-label={intl.formatMessage({ id: "filter.title" })}
          data-testid="shared-filter-field"
        >
          {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </HTMLSelect>
        <HTMLSelect minimal value={draft.op} onChange={(e) => setDraft({ ...draft, op: e.currentTarget.value })} data-testid="shared-filter-op">
          {TEMP_FILTER_OPS.map((op) => <option key={op} value={op}>{intl.formatMessage({ id: `filter.op.${op}` })}</option>)}
        </HTMLSelect>
        {!NO_VALUE.includes(draft.op) && (
          <InputGroup
            small
            value={draft.value}
            placeholder={intl.formatMessage({ id: "filter.value" })}
            onValueChange={(value) => setDraft({ ...draft, value })}
            onKeyDown={(e) => e.key === "Enter" && addFilter()}
            data-testid="shared-filter-value"
          />
        )}
        <Button icon="filter" variant="minimal" onClick={addFilter} data-testid="shared-filter-add">
          <FormattedMessage id="filter.add" />
        </Button>
        {filters.map((f, i) => (
          <Tag key={i} minimal onRemove={() => setFilters(filters.filter((_, j) => j !== i))} data-testid="shared-filter-tag">
            {`${title(f.columnId)} ${intl.formatMessage({ id: `filter.op.${f.op}` })}${NO_VALUE.includes(f.op) ? "" : ` ${f.value}`}`}
          </Tag>
        ))}
        {allowCsv && (
          <Button icon="download" variant="minimal" onClick={download} data-testid="shared-download">
            <FormattedMessage id="shared.downloadCsv" />
          </Button>
        )}
      </div>
      <Grid table={table} shared={shared} readOnly />
    </div>
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
