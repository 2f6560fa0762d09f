// The project's audit log (owners and creators): every change to records and to the schema,
// newest first, filtered by table, user, kind of change, the way it came (web app, API token,
// shared form, import, command line) and a range of days, a page at a time; a deleted record
// is restored from its entry. It states the server's retention of entries.
import { Button, Callout, Drawer, DrawerSize, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useProjectAuditsQuery } from "./api";
import { EntryItem } from "./EntryItem";

const PAGE = 25;
/** The ways a change can come, as the API names them. */
export const VIAS = ["web", "api_token", "shared_form", "import", "script"] as const;

/** A day picked in a date input (local time) as the UTC time it starts; ``after`` the day
 * after it (the end of a range that includes the day). Empty: no bound. */
export function dayStart(day: string, after = false): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d + (after ? 1 : 0)).toISOString();
}

/** The kinds of change one can filter by, and the entries' ops each takes. */
export const KINDS: Record<string, string> = {
  insert: "insert",
  update: "update",
  delete: "delete",
  restore: "restore",
  links: "link,unlink",
  import: "import",
  schema: "table_insert,table_update,table_delete,column_insert,column_update,column_delete",
};

interface Props {
  projectId: string;
  tables: { id: string; title: string }[];
  isOpen: boolean;
  onClose(): void;
}

export function AuditLog({ projectId, tables, isOpen, onClose }: Props) {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const [table, setTable] = useState("");
  const [user, setUser] = useState("");
  const [kind, setKind] = useState("");
  const [via, setVia] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const { data, isError, isFetching } = useProjectAuditsQuery(
    { projectId, offset, limit: PAGE, table, user: user.trim(), op: KINDS[kind] ?? "", via, from: dayStart(from), to: dayStart(to, true) },
    { skip: !isOpen, refetchOnMountOrArgChange: true },
  );
  const retention = data?.retention_days;
  const titles = Object.fromEntries(tables.map((t) => [t.id, t.title]));
  const total = data?.pageInfo.totalRows ?? 0;
  const filtered = (apply: () => void) => {
    apply();
    setOffset(0);
  };
  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={DrawerSize.STANDARD} title={intl.formatMessage({ id: "audit.title" })}>
      <div className="bp6-drawer-body wb-audit" data-testid="audit-log">
        <div className="wb-audit-filters">
          <HTMLSelect value={table} onChange={(e) => filtered(() => setTable(e.currentTarget.value))} aria-label={intl.formatMessage({ id: "audit.filter.table" })} data-testid="audit-table">
            <option value="">{intl.formatMessage({ id: "audit.filter.table" })}</option>
            {tables.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </HTMLSelect>
          <HTMLSelect value={kind} onChange={(e) => filtered(() => setKind(e.currentTarget.value))} aria-label={intl.formatMessage({ id: "audit.filter.kind" })} data-testid="audit-kind">
            <option value="">{intl.formatMessage({ id: "audit.filter.kind" })}</option>
            {Object.keys(KINDS).map((k) => (
              <option key={k} value={k}>
                {intl.formatMessage({ id: `audit.kind.${k}` })}
              </option>
            ))}
          </HTMLSelect>
          <InputGroup
            leftIcon="person"
            value={user}
            placeholder={intl.formatMessage({ id: "audit.filter.user" })}
            aria-label={intl.formatMessage({ id: "audit.filter.user" })}
            onChange={(e) => filtered(() => setUser(e.target.value))}
            data-testid="audit-user"
          />
          <HTMLSelect value={via} onChange={(e) => filtered(() => setVia(e.currentTarget.value))} aria-label={intl.formatMessage({ id: "audit.filter.via" })} data-testid="audit-via">
            <option value="">{intl.formatMessage({ id: "audit.filter.via" })}</option>
            {VIAS.map((v) => (
              <option key={v} value={v}>
                {intl.formatMessage({ id: `history.via.${v}` })}
              </option>
            ))}
          </HTMLSelect>
          <label className="wb-audit-date">
            <span className="bp6-text-muted">{intl.formatMessage({ id: "audit.filter.from" })}</span>
            <InputGroup type="date" value={from} max={to || undefined} onChange={(e) => filtered(() => setFrom(e.target.value))} data-testid="audit-from" />
          </label>
          <label className="wb-audit-date">
            <span className="bp6-text-muted">{intl.formatMessage({ id: "audit.filter.to" })}</span>
            <InputGroup type="date" value={to} min={from || undefined} onChange={(e) => filtered(() => setTo(e.target.value))} data-testid="audit-to" />
          </label>
        </div>
        {retention !== undefined && (
          <p className="bp6-text-muted wb-audit-retention" data-testid="audit-retention">
            {retention > 0 ? (
              <FormattedMessage id="audit.retention" values={{ days: retention }} />
            ) : (
              <FormattedMessage id="audit.retentionNone" />
            )}
          </p>
        )}
        {isError && (
          <Callout intent="danger" compact>
            <FormattedMessage id="history.loadFailed" />
          </Callout>
        )}
        {data && data.list.length === 0 && (
          <p className="bp6-text-muted" data-testid="audit-empty">
            <FormattedMessage id="audit.none" />
          </p>
        )}
        <ul className="wb-history-list">
          {(data?.list ?? []).map((entry) => (
            <EntryItem key={entry.id} entry={entry} tableTitle={titles[entry.fk_model_id ?? ""] ?? entry.details?.title} canRestore />
          ))}
        </ul>
        {total > 0 && (
          <div className="wb-audit-pages">
            <Button icon="chevron-left" disabled={offset === 0 || isFetching} onClick={() => setOffset(Math.max(0, offset - PAGE))} data-testid="audit-newer">
              <FormattedMessage id="audit.newer" />
            </Button>
            <span className="bp6-text-muted" data-testid="audit-range">
              <FormattedMessage id="audit.range" values={{ from: offset + 1, to: Math.min(total, offset + PAGE), total }} />
            </span>
            <Button rightIcon="chevron-right" disabled={offset + PAGE >= total || isFetching} onClick={() => setOffset(offset + PAGE)} data-testid="audit-older">
              <FormattedMessage id="audit.older" />
            </Button>
          </div>
        )}
      </div>
    </Drawer>
  );
}
