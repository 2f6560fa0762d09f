// The table's webhooks: a list (turn each on or off, edit, duplicate, delete, see its
// deliveries), the editor (when it fires, where it sends, a test call) and the delivery log.
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
  TextArea,
} from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import {
  OPERATIONS,
  useCreateHookMutation,
  useDeleteHookMutation,
  useHookLogsQuery,
  useHooksQuery,
  useTestHookMutation,
  useUpdateHookMutation,
  type Hook,
  type HookBody,
  type HookLogEntry,
} from "./api";
import { METHODS, NOTIFIERS, formOf, notificationOf, valuesOf, type EditorValues } from "./notifiers";

type Screen = { kind: "list" } | { kind: "edit"; hook?: Hook; copy?: boolean } | { kind: "log"; hook: Hook };

export function WebhooksDialog({ tableId, tableTitle, isOpen, onClose }: {
  tableId: string;
  tableTitle: string;
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
        <HookEditor tableId={tableId} hook={screen.hook} copy={screen.copy} onDone={() => setScreen({ kind: "list" })} />
      )}
      {screen.kind === "log" && <HookLog hook={screen.hook} onBack={() => setScreen({ kind: "list" })} />}
    </Dialog>
  );
}

function HookList({ tableId, onOpen }: { tableId: string; onOpen(screen: Screen): void }) {
  const intl = useIntl();
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
                      <FormattedMessage id={`webhooks.op.${hook.operation}`} /> · {hook.notification.type}
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

function HookEditor({ tableId, hook, copy, onDone }: { tableId: string; hook?: Hook; copy?: boolean; onDone(): void }) {
  const intl = useIntl();
  const [values, setValues] = useState<EditorValues>(() => {
    const initial = valuesOf(hook);
    return copy ? { ...initial, title: intl.formatMessage({ id: "webhooks.copyOf" }, { title: initial.title }) } : initial;
  });
  const [error, setError] = useState<string | null>(null);
  const [create, createState] = useCreateHookMutation();
  const [update, updateState] = useUpdateHookMutation();
  const [test, testState] = useTestHookMutation();
  const set = (patch: Partial<EditorValues>) => setValues((v) => ({ ...v, ...patch }));
  const form = formOf(values.type);
  const body = (): HookBody => ({
    title: values.title.trim(),
    event: values.operation === "trigger" ? "manual" : "after",
    operation: values.operation as HookBody["operation"],
    notification: notificationOf(values),
  });
  const missing = !values.title.trim() || (form === "email" ? !values.to.trim() : !values.address.trim());

  const save = async () => {
    setError(null);
    const result = hook && !copy
      ? await update({ tableId, hookId: hook.id, body: body() })
      : await create({ tableId, body: { ...body(), active: true } });
    if ("error" in result) return setError((result.error as HttpError).message);
    notify(intl.formatMessage({ id: "webhooks.saved" }, { title: values.title.trim() }), "success");
    onDone();
  };
  const runTest = async () => {
    setError(null);
    const result = await test({ tableId, body: body() });
    if ("error" in result) return setError((result.error as HttpError).message);
    notify(intl.formatMessage({ id: "webhooks.tested" }), "success");
  };

  return (
    <>
      <DialogBody>
        <FormGroup label={intl.formatMessage({ id: "webhooks.name" })} labelFor="webhook-title">
          <InputGroup id="webhook-title" value={values.title} onValueChange={(title) => set({ title })} data-testid="webhook-title" autoFocus />
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "webhooks.when" })} labelFor="webhook-operation">
          <HTMLSelect id="webhook-operation" fill value={values.operation} onChange={(e) => set({ operation: e.currentTarget.value })}
            data-testid="webhook-operation">
            {OPERATIONS.map((op) => (
              <option key={op} value={op}>{intl.formatMessage({ id: `webhooks.op.${op}` })}</option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "webhooks.sendTo" })} labelFor="webhook-type">
          <HTMLSelect id="webhook-type" fill value={values.type} onChange={(e) => set({ type: e.currentTarget.value })} data-testid="webhook-type">
            {NOTIFIERS.map((n) => (
              <option key={n.type} value={n.type}>{n.brand ?? intl.formatMessage({ id: `webhooks.kind.${n.form}` })}</option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {form === "url" && (
          <FormGroup label={intl.formatMessage({ id: "webhooks.address" })} labelFor="webhook-address">
            <div style={{ display: "flex", gap: 8 }}>
              <HTMLSelect value={values.method} onChange={(e) => set({ method: e.currentTarget.value })}
                aria-label={intl.formatMessage({ id: "webhooks.method" })} data-testid="webhook-method">
                {METHODS.map((m) => <option key={m} value={m}>{m}</option>)}
              </HTMLSelect>
              <InputGroup id="webhook-address" fill placeholder="https://" value={values.address}
                onValueChange={(address) => set({ address })} data-testid="webhook-address" />
            </div>
          </FormGroup>
        )}
        {form === "chat" && (
          <FormGroup label={intl.formatMessage({ id: "webhooks.channel" })} labelFor="webhook-address">
            <InputGroup id="webhook-address" placeholder="https://" value={values.address}
              onValueChange={(address) => set({ address })} data-testid="webhook-address" />
          </FormGroup>
        )}
        {form === "email" && (
          <>
            <FormGroup label={intl.formatMessage({ id: "webhooks.recipients" })} labelFor="webhook-to">
              <InputGroup id="webhook-to" value={values.to} onValueChange={(to) => set({ to })} data-testid="webhook-to" />
            </FormGroup>
            <FormGroup label={intl.formatMessage({ id: "webhooks.subject" })} labelFor="webhook-subject">
              <InputGroup id="webhook-subject" value={values.subject} onValueChange={(subject) => set({ subject })} />
            </FormGroup>
          </>
        )}
        {form !== "url" && (
          <FormGroup label={intl.formatMessage({ id: "webhooks.message" })} labelFor="webhook-body"
            helperText={intl.formatMessage({ id: "webhooks.message.help" }, { table: "{{ data.table_name }}", name: "{{ data.rows.0.Name }}" })}>
            <TextArea id="webhook-body" fill value={values.body} onChange={(e) => set({ body: e.currentTarget.value })} />
          </FormGroup>
        )}
        {error && <Callout intent="danger" data-testid="webhook-error">{error}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onDone} data-testid="webhook-back"><FormattedMessage id="common.cancel" /></Button>
            <Button icon="send-message" onClick={() => void runTest()} loading={testState.isLoading} disabled={missing}
              data-testid="webhook-test">
              <FormattedMessage id="webhooks.test" />
            </Button>
            <Button intent="primary" onClick={() => void save()} loading={createState.isLoading || updateState.isLoading}
              disabled={missing} data-testid="webhook-save">
              <FormattedMessage id="common.save" />
            </Button>
          </>
        }
      />
    </>
  );
}

const STATUS_INTENT = { success: "success", retrying: "warning", failed: "danger" } as const;

function HookLog({ hook, onBack }: { hook: Hook; onBack(): void }) {
  const intl = useIntl();
  const { data, isLoading, refetch, isFetching } = useHookLogsQuery(hook.id, { refetchOnMountOrArgChange: true });
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
            <Button icon="refresh" onClick={() => void refetch()} loading={isFetching} data-testid="webhook-log-refresh">
              <FormattedMessage id="webhooks.log.refresh" />
            </Button>
          </>
        }
      />
    </>
  );
}
