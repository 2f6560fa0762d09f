// The UI of link fields: cells show the linked records' display values as chips (a count
// until the grid has read them), and the editor is a record picker: search the related
// table page by page, link and unlink through the v2 links API (a belongs-to link picks
// one). After each change the records of both tables are read again, so counts, lookups
// and rollups are fresh.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NonIdealState, Radio, RadioGroup, Spinner, Tag } from "@blueprintjs/core";
import { definePlugin, type CellProps, type EditorProps, type PluginHost, type SettingsProps } from "@workbench/plugin-api";

type Row = Record<string, unknown>;
type Paged = { list: Row[]; pageInfo?: { totalRows?: number; isLastPage?: boolean } };
type Meta = { id: string; columns?: { title: string; uidt: string; pk?: boolean; pv?: boolean }[] };

const PAGE = 10;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let linksApi: any = null;

function setup(host: PluginHost) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api = host.api as any;
  if (!api?.injectEndpoints) return;
  const enc = encodeURIComponent;
  linksApi = api.injectEndpoints({
    endpoints: (build: any) => ({
      linksTableMeta: build.query({
        query: (tableId: string) => `/api/v1/db/meta/tables/${enc(tableId)}`,
        providesTags: (_r: unknown, _e: unknown, tableId: string) => [{ type: "Table", id: tableId }],
      }),
      linksLinked: build.query({
        query: ({ tableId, columnId, rowId, offset, limit }: Row) => ({
          url: `/api/v2/tables/${enc(String(tableId))}/links/${enc(String(columnId))}/records/${enc(String(rowId))}`,
          params: { offset, limit },
        }),
        transformResponse: (r: Paged | Row | null): Paged =>
          r && Array.isArray((r as Paged).list) ? (r as Paged) : { list: r ? [r as Row] : [], pageInfo: { totalRows: r ? 1 : 0 } },
        providesTags: (_r: unknown, _e: unknown, { tableId }: Row) => [{ type: "Records", id: tableId }],
      }),
      linksCandidates: build.query({
        query: ({ tableId, where, offset, limit }: Row) => ({
          url: `/api/v2/tables/${enc(String(tableId))}/records`,
          params: { where, offset, limit },
        }),
        providesTags: (_r: unknown, _e: unknown, { tableId }: Row) => [{ type: "Records", id: tableId }],
      }),
      linksTables: build.query({
        query: (projectId: string) => `/api/v1/db/meta/projects/${enc(projectId)}/tables`,
        providesTags: [{ type: "Project", id: "LIST" }],
      }),
      linksChange: build.mutation({
        query: ({ tableId, columnId, rowId, ids, unlink }: Row) => ({
          url: `/api/v2/tables/${enc(String(tableId))}/links/${enc(String(columnId))}/records/${enc(String(rowId))}`,
          method: unlink ? "DELETE" : "POST",
          body: ids,
        }),
        invalidatesTags: (_r: unknown, _e: unknown, { tableId, relatedId }: Row) => [
          { type: "Records", id: tableId },
          { type: "Records", id: relatedId },
        ],
      }),
    }),
  });
}

/** The text of a linked record: its display value (the object's second key), else its key. */
export function recordText(item: unknown): string {
  if (item === null || item === undefined) return "";
  if (typeof item !== "object") return String(item);
  const values = Object.values(item as Row);
  const shown = values.length > 1 ? values[1] : values[0];
  return shown === null || shown === undefined ? "" : typeof shown === "object" ? JSON.stringify(shown) : String(shown);
}

function optionsOf(column: CellProps["column"]) {
  const o = (column.colOptions ?? {}) as Row;
  return { kind: String(o.type ?? "hm"), relatedId: String(o.fk_related_model_id ?? "") };
}

function LinkCell({ value, column }: CellProps) {
  const intl = useIntl();
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number" || typeof value === "string") {
    const n = Number(value);
    if (optionsOf(column).kind === "bt") return <span>{String(value)}</span>;
    return n ? <span className="wb-link-count">{intl.formatMessage({ id: "plugin.field_links.count" }, { n })}</span> : null;
  }
  const items = Array.isArray(value) ? value : [value];
  return (
    <span className="wb-link-chips" data-testid="link-chips">
      {items.map((item, i) => (
        <Tag key={i} minimal round className="wb-link-chip" data-testid="link-chip">
          {recordText(item) || "—"}
        </Tag>
      ))}
    </span>
  );
}

function pkOf(meta: Meta | undefined): string {
  return meta?.columns?.find((c) => c.pk)?.title ?? "Id";
}

function pvOf(meta: Meta | undefined): string | undefined {
  return (meta?.columns?.find((c) => c.pv) ?? meta?.columns?.find((c) => !c.pk && c.uidt === "SingleLineText"))?.title;
}

/** A NocoDB where clause searching the display value, with the comma and brackets escaped away. */
export function searchWhere(field: string | undefined, term: string): string | undefined {
  const clean = term.trim().replace(/[(),~]/g, " ").trim();
  return field && clean ? `(${field},like,%${clean}%)` : undefined;
}

export function LinkPicker({ column, tableId, rowId, onDone }: EditorProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `plugin.field_links.${id}` }, values as never);
  const { kind, relatedId } = optionsOf(column);
  const [term, setTerm] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const ready = !!linksApi && !!tableId && rowId !== undefined && rowId !== null;
  const meta: Meta | undefined = linksApi?.useLinksTableMetaQuery(relatedId, { skip: !ready })?.data;
  const pk = pkOf(meta);
  const pv = pvOf(meta);
  const linked = linksApi?.useLinksLinkedQuery(
    { tableId, columnId: column.id, rowId, offset: 0, limit: 100 },
    { skip: !ready },
  );
  const candidates = linksApi?.useLinksCandidatesQuery(
    { tableId: relatedId, where: searchWhere(pv, query), offset: page * PAGE, limit: PAGE },
    { skip: !ready || !meta },
  );
  const [change, changeState] = linksApi?.useLinksChangeMutation() ?? [null, { isLoading: false }];
  const linkedRows: Row[] = linked?.data?.list ?? [];
  const linkedKeys = new Set(linkedRows.map((r) => String(r[pk])));
  const rows: Row[] = candidates?.data?.list ?? [];
  const total = candidates?.data?.pageInfo?.totalRows ?? rows.length;
  const lastPage = candidates?.data?.pageInfo?.isLastPage ?? (page + 1) * PAGE >= total;

  const toggle = async (row: Row) => {
    if (!change) return;
    const key = row[pk];
    const unlink = linkedKeys.has(String(key));
    setError(null);
    const result = await change({ tableId, relatedId, columnId: column.id, rowId, ids: [{ [pk]: key }], unlink });
    if (result && "error" in result) setError(String(result.error?.message ?? result.error));
    else if (kind === "bt" && !unlink) onDone();
  };
  const onSearch = (text: string) => {
    setTerm(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setQuery(text);
      setPage(0);
    }, 250);
  };
  const stopEnter = (event: KeyboardEvent) => {
    if (event.key === "Enter") event.stopPropagation();
  };

  return (
    <Dialog
      isOpen
      onClose={onDone}
      title={t("title", { field: column.title })}
      className="wb-dialog wb-link-picker"
    >
      <DialogBody>
        {!ready ? (
          <Spinner size={20} />
        ) : (
          <>
            <div className="wb-link-linked" data-testid="link-linked">
              {linkedRows.length === 0 ? (
                <span className="bp6-text-muted">{t("noneLinked")}</span>
              ) : (
                linkedRows.map((row) => (
                  <Tag
                    key={String(row[pk])}
                    round
                    onRemove={() => void toggle(row)}
                    data-testid="link-linked-chip"
                  >
                    {pv ? String(row[pv] ?? "") || "—" : String(row[pk])}
                  </Tag>
                ))
              )}
            </div>
            <InputGroup
              leftIcon="search"
              autoFocus
              placeholder={t("search")}
              value={term}
              onValueChange={onSearch}
              onKeyDown={stopEnter}
              data-testid="link-search"
            />
            {error && <div className="bp6-text-danger" role="alert">{error}</div>}
            <ul className="wb-link-candidates" aria-busy={candidates?.isFetching}>
              {rows.length === 0 && !candidates?.isFetching && <NonIdealState icon="search" title={t("none")} />}
              {rows.map((row) => {
                const isLinked = linkedKeys.has(String(row[pk]));
                return (
                  <li key={String(row[pk])} className="wb-link-candidate" data-testid="link-candidate" data-linked={isLinked}>
                    <span>{pv ? String(row[pv] ?? "") || "—" : String(row[pk])}</span>
                    <Button
                      size="small"
                      intent={isLinked ? "success" : "primary"}
                      variant={isLinked ? "minimal" : "solid"}
                      icon={isLinked ? "tick" : "link"}
                      disabled={changeState.isLoading}
                      onClick={() => void toggle(row)}
                      data-testid="link-toggle"
                    >
                      {isLinked ? t("linked") : t("link")}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="chevron-left" disabled={page === 0} onClick={() => setPage(page - 1)} aria-label={t("previous")} />
            <Button icon="chevron-right" disabled={lastPage} onClick={() => setPage(page + 1)} aria-label={t("next")} />
            <Button intent="primary" onClick={onDone} data-testid="link-done">
              {t("done")}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

const KINDS = ["hm", "bt", "mm"];
const LINK_TYPES = ["Links", "LinkToAnotherRecord"];

function Choose({ id, label, value, onChange, options, disabled }: {
  id: string;
  label: string;
  value?: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill value={value ?? ""} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
        <option value="">{intl.formatMessage({ id: "plugin.field_links.settings.choose" })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** A new link: the other table and the kind; both are fixed once the link exists. */
function LinkSettings({ value, onChange, projectId, column }: SettingsProps) {
  const intl = useIntl();
  const result = linksApi?.useLinksTablesQuery(projectId ?? "", { skip: !projectId });
  const tables = ((result?.data as Paged | undefined)?.list ?? []) as { id: string; title: string }[];
  const fixed = column ? optionsOf(column) : null;
  const kind = fixed?.kind ?? String(value.type ?? "hm");
  return (
    <>
      <Choose
        id="field-link-table"
        label={intl.formatMessage({ id: "plugin.field_links.settings.table" })}
        value={fixed?.relatedId ?? (value.childId as string | undefined)}
        disabled={!!fixed}
        onChange={(childId) => onChange({ ...value, childId })}
        options={tables.map((t) => ({ value: t.id, label: t.title }))}
      />
      <RadioGroup
        label={intl.formatMessage({ id: "plugin.field_links.settings.kind" })}
        selectedValue={kind}
        disabled={!!fixed}
        onChange={(e) => onChange({ ...value, type: e.currentTarget.value })}
      >
        {KINDS.map((k) => (
          <Radio key={k} value={k} label={intl.formatMessage({ id: `plugin.field_links.settings.kind.${k}` })} data-testid={`field-link-kind-${k}`} />
        ))}
      </RadioGroup>
    </>
  );
}

/** A count: the link field whose records it counts. */
function CountSettings({ value, onChange, columns }: SettingsProps) {
  const intl = useIntl();
  const links = columns.filter((c) => LINK_TYPES.includes(c.uidt));
  if (!links.length) return <p className="bp6-text-muted" data-testid="field-no-links">{intl.formatMessage({ id: "plugin.field_links.settings.noLinks" })}</p>;
  return (
    <Choose
      id="field-relation"
      label={intl.formatMessage({ id: "plugin.field_links.settings.link" })}
      value={value.fk_relation_column_id as string | undefined}
      onChange={(id) => onChange({ ...value, fk_relation_column_id: id })}
      options={links.map((c) => ({ value: c.id, label: c.title }))}
    />
  );
}

const countSettingsOf = (column: CellProps["column"]) => ({
  fk_relation_column_id: (column.colOptions as Row | null | undefined)?.fk_relation_column_id,
});

export default definePlugin({
  id: "field_links",
  setup,
  fieldTypes: {
    // An existing link sends no settings: its table and kind are fixed.
    Links: { Cell: LinkCell, Editor: LinkPicker, Settings: LinkSettings, settingsOf: () => ({}) },
    LinkToAnotherRecord: { Cell: LinkCell, Editor: LinkPicker, Settings: LinkSettings, settingsOf: () => ({}) },
    Count: { Settings: CountSettings, settingsOf: countSettingsOf },
  },
});
