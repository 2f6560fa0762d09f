// One entry of a history list: what happened, who, when and through what; an edit lists each
// field's old and new value; a delete entry offers to restore the record (to editors).
import { Button, Tag } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import { type HistoryEntry, useRestoreRecordMutation } from "./api";
import { ChangeValue } from "./ChangeValue";
import { useDescribe } from "./describe";

interface Props {
  entry: HistoryEntry;
  /** The record's table is named (the project's log). */
  tableTitle?: string;
  canRestore: boolean;
  /** Shown above the entry (the deleted record's name). */
  heading?: ReactNode;
}

export function EntryItem({ entry, tableTitle, canRestore, heading }: Props) {
  const intl = useIntl();
  const describe = useDescribe();
  const [restore, restoreState] = useRestoreRecordMutation();
  const onRestore = async () => {
    if (!entry.fk_model_id) return;
    try {
      await restore({ tableId: entry.fk_model_id, entryId: entry.id }).unwrap();
      notify(intl.formatMessage({ id: "history.restored" }), "success");
    } catch (error) {
      const msg = ((error as HttpError).data as { msg?: string } | undefined)?.msg;
      notify(msg ?? intl.formatMessage({ id: "history.restoreFailed" }), "danger");
    }
  };
  const changes = entry.details?.changes ?? [];
  return (
    <li className="wb-history-entry" data-testid="history-entry" data-op={entry.op}>
      {heading}
      <div className="wb-history-head">
        <strong data-testid="history-what">{describe.what(entry)}</strong>
        {tableTitle && entry.row_id && (
          <span className="bp6-text-muted">
            {" · "}
            {tableTitle} · <FormattedMessage id="history.recordLabel" values={{ id: entry.row_id }} />
          </span>
        )}
        {tableTitle && !entry.row_id && !entry.op.startsWith("table_") && <span className="bp6-text-muted"> · {tableTitle}</span>}
      </div>
      {changes.length > 0 && (
        <ul className="wb-history-changes">
          {changes.map((c) => (
            <li key={c.id} data-testid="history-change">
              <span className="wb-history-field">{c.title}</span>{" "}
              <del className="bp6-text-muted" data-testid="history-old">
                <ChangeValue tableId={entry.fk_model_id} fieldId={c.id} value={c.old} empty={describe.empty} words={describe.words} />
              </del>
              {" → "}
              <ins data-testid="history-new">
                <ChangeValue tableId={entry.fk_model_id} fieldId={c.id} value={c.new} empty={describe.empty} words={describe.words} />
              </ins>
            </li>
          ))}
        </ul>
      )}
      <div className="wb-history-meta bp6-text-muted">
        <span data-testid="history-who">{describe.who(entry)}</span>
        {" · "}
        <time dateTime={entry.created_at}>{describe.when(entry)}</time>
        {" · "}
        <span>{describe.via(entry)}</span>
      </div>
      {entry.op === "delete" && entry.details?.links_kept === false && (
        <p className="bp6-text-muted" data-testid="history-links-not-kept">
          <FormattedMessage id="history.linksNotKept" />
        </p>
      )}
      {entry.op === "delete" && entry.restored && (
        <Tag minimal intent="success" data-testid="history-back">
          <FormattedMessage id="history.back" />
        </Tag>
      )}
      {entry.op === "delete" && !entry.restored && canRestore && (
        <Button size="small" icon="undo" loading={restoreState.isLoading} onClick={() => void onRestore()} data-testid="history-restore">
          <FormattedMessage id="history.restore" />
        </Button>
      )}
    </li>
  );
}
