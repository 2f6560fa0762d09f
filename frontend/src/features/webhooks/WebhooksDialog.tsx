// The table's webhooks: a list (turn each on or off, edit, duplicate, delete, see its
// deliveries), the editor (when it fires, where it sends, a test call) and the delivery log.
import { Alert, Button, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner, Switch, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import type { FieldInfo } from "../../plugins/hostApi";
import { useCatalogue } from "../../plugins/catalogue";
import { useDeleteHookMutation, useHookLogsQuery, useHooksQuery, useUpdateHookMutation, type Hook, type HookLogEntry } from "./api";
import { HookEditor } from "./HookEditor";

type Screen = { kind: "list" } | { kind: "edit"; hook?: Hook; copy?: boolean } | { kind: "log"; hook: Hook };

export function WebhooksDialog({ tableId, tableTitle, columns, isOpen, onClose }: {
  tableId: string;
  tableTitle: string;
  /** The table's fields (what a condition may name). */
  columns: readonly FieldInfo[];
  isOpen: boolean;
  onClose(): void;
}) {
  const intl = useIntl();
  const [screen, setScreen] = useState<Screen>({ kind: "list" });
  const close = () => {
    setScreen({ kind: "list" });
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={intl.formatMessage({ id: "webhooks.title" }, { table: tableTitle })}
      icon="send-message"
      style={{ width: 720 }}
    >
      {screen.kind === "list" && <HookList tableId={tableId} onOpen={setScreen} />}
      {screen.kind === "edit" && (
        <HookEditor
          key={screen.hook?.id ?? "new"}
          tableId={tableId}
          columns={columns}
          hook={screen.hook}
          copy={screen.copy}
          onDone={(created) => setScreen(created ? { kind: "edit", hook: created } : { kind: "list" })}
        />
      )}
      {screen.kind === "log" && <HookLog hook={screen.hook} onBack={() => setScreen({ kind: "list" })} />}
    </Dialog>
  );
}

function HookList({ tableId, onOpen }: { tableId: string; onOpen(screen: Screen): void }) {
  const intl = useIntl();
  const catalogue = useCatalogue();
  const notifierLabel = (type: string) => {
    const found = catalogue.notifiers?.find((n) => n.name === type);
    return found ? intl.formatMessage({ id: found.label, defaultMessage: type }) : type;
  };
  const { data, isLoading } = useHooksQuery(tableId);
  const [update] = useUpdateHookMutation();
  const [remove] = useDeleteHookMutation();
  const [deleting, setDeleting] = useState<Hook | null>(null);
  const hooks = data?.list ?? [];

  const toggle = async (hook: Hook) => {
    const result = await update({ tableId, hookId: hook.id, body: { active: !hook.active } });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    notify(intl.formatMessage({ id: hook.active ? "webhooks.turnedOff" : "webhooks.turnedOn" }, { title: hook.title }), "success");
  };
  const onDelete = async () => {
    if (!deleting) return;
    const result = await remove({ tableId, hookId: deleting.id });
    setDeleting(null);
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    notify(intl.formatMessage({ id: "webhooks.deleted" }, { title: deleting.title }), "success");
  };

  return (
    <>
      <DialogBody>
        {isLoading ? (
          <Spinner size={24} />
        ) : hooks.length === 0 ? (
          <NonIdealState icon="send-message" description={intl.formatMessage({ id: "webhooks.empty" })} />
        ) : (
          <HTMLTable compact className="wb-webhooks-list" data-testid="webhooks-list">
            <tbody>
              {hooks.map((hook) => (
                <tr key={hook.id} data-testid="webhook-row">
                  <td>
                    <Switch
                      checked={hook.active}
                      onChange={() => void toggle(hook)}
                      aria-label={intl.formatMessage({ id: "webhooks.active" })}
                      data-testid="webhook-active"
                    />
                  </td>
                  <td>
                    <strong>{hook.title}</strong>
                    <div className="bp6-text-muted">
                      <FormattedMessage id={`webhooks.op.${hook.operation}`} /> · {notifierLabel(hook.notification.type)}
                    </div>
                  </td>
                  <td style={{ textAlign: "end", whiteSpace: "nowrap" }}>
                    <Button variant="minimal" icon="history" onClick={() => onOpen({ kind: "log", hook })} data-testid="webhook-log">
                      <FormattedMessage id="webhooks.log" />
                    </Button>
                    <Button variant="minimal" icon="edit" onClick={() => onOpen({ kind: "edit", hook })} data-testid="webhook-edit"
                      aria-label={intl.formatMessage({ id: "webhooks.edit" })} />
                    <Button variant="minimal" icon="duplicate" onClick={() => onOpen({ kind: "edit", hook, copy: true })}
                      aria-label={intl.formatMessage({ id: "webhooks.duplicate" })} data-testid="webhook-duplicate" />
                    <Button variant="minimal" icon="trash" intent="danger" onClick={() => setDeleting(hook)}
                      aria-label={intl.formatMessage({ id: "webhooks.delete" })} data-testid="webhook-delete" />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" icon="add" onClick={() => onOpen({ kind: "edit" })} data-testid="webhook-add">
            <FormattedMessage id="webhooks.add" />
          </Button>
        }
      />
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "webhooks.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      >
        <FormattedMessage id="webhooks.delete.confirm" values={{ title: deleting?.title ?? "" }} />
      </Alert>
    </>
  );
}

const STATUS_INTENT = { success: "success", retrying: "warning", failed: "danger" } as const;

/** How often the open log reads the deliveries again (while the page has the focus). */
const LOG_POLL_MS = 5000;

function HookLog({ hook, onBack }: { hook: Hook; onBack(): void }) {
  const intl = useIntl();
  const { data, isLoading, refetch } = useHookLogsQuery(hook.id, { refetchOnMountOrArgChange: true, pollingInterval: LOG_POLL_MS, skipPollingIfUnfocused: true });
  // The Refresh button spins for the reads it asked for, not for the log's own.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void Promise.resolve(refetch()).finally(() => setRefreshing(false));
  };
  const entries: HookLogEntry[] = data?.list ?? [];
  return (
    <>
      <DialogBody>
        <p><strong>{hook.title}</strong></p>
        {isLoading ? (
          <Spinner size={24} />
        ) : entries.length === 0 ? (
          <NonIdealState icon="history" description={intl.formatMessage({ id: "webhooks.log.empty" })} />
        ) : (
          <HTMLTable compact striped className="wb-webhooks-log" data-testid="webhook-log-list">
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="webhook-log-entry" data-status={entry.status}>
                  <td>
                    <Tag intent={STATUS_INTENT[entry.status]} minimal>
                      <FormattedMessage id={`webhooks.log.${entry.status}`} />
                    </Tag>
                    {entry.test_call && <Tag minimal style={{ marginInlineStart: 4 }}><FormattedMessage id="webhooks.log.test" /></Tag>}
                  </td>
                  <td>{intl.formatDate(`${entry.created_at.replace(" ", "T")}Z`, { dateStyle: "short", timeStyle: "medium" })}</td>
                  <td><FormattedMessage id="webhooks.log.attempt" values={{ n: entry.attempt }} /></td>
                  <td>{entry.response_status ?? "—"}</td>
                  <td><FormattedMessage id="webhooks.log.duration" values={{ ms: entry.execution_time }} /></td>
                  <td className="wb-webhooks-log-text" title={entry.error_message ?? entry.response ?? ""}>
                    {(entry.error_message ?? entry.response ?? "").slice(0, 80)}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="arrow-left" onClick={onBack} data-testid="webhook-log-back"><FormattedMessage id="webhooks.back" /></Button>
            <Button icon="refresh" onClick={refresh} loading={refreshing} data-testid="webhook-log-refresh">
              <FormattedMessage id="webhooks.log.refresh" />
            </Button>
          </>
        }
      />
    </>
  );
}
