// A webhook's editor: its name, when it fires, its condition, where it sends (the notifiers of
// the catalogue, each with its settings form), a test call and saving.
import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { useCatalogue } from "../../plugins/catalogue";
import type { FieldInfo } from "../../plugins/hostApi";
import { notify } from "../ui/notify";
import { OPERATIONS, useCreateHookMutation, useTestHookMutation, useUpdateHookMutation, type Hook, type HookBody } from "./api";
import { HookConditions } from "./HookConditions";
import { NotifierSettings } from "./NotifierSettings";
import { freshSettings, notificationOf, settingsComplete, sortedNotifiers, valuesOf, type EditorValues } from "./notifiers";

export function HookEditor({ tableId, columns, hook, copy, onDone }: {
  tableId: string;
  columns: readonly FieldInfo[];
  hook?: Hook;
  copy?: boolean;
  /** Back to the list, or on to the editor of a hook just created (to add its conditions). */
  onDone(created?: Hook): void;
}) {
  const intl = useIntl();
  const catalogue = useCatalogue();
  const notifiers = useMemo(() => sortedNotifiers(catalogue.notifiers), [catalogue.notifiers]);
  const [values, setValues] = useState<EditorValues>(() => {
    const initial = valuesOf(hook, notifiers);
    return copy ? { ...initial, title: intl.formatMessage({ id: "webhooks.copyOf" }, { title: initial.title }) } : initial;
  });
  const [error, setError] = useState<string | null>(null);
  const [create, createState] = useCreateHookMutation();
  const [update, updateState] = useUpdateHookMutation();
  const [test, testState] = useTestHookMutation();
  const set = (patch: Partial<EditorValues>) => setValues((v) => ({ ...v, ...patch }));
  const notifier = notifiers.find((n) => n.name === values.type);
  const saved = hook && !copy ? hook : undefined;
  const body = (): HookBody => ({
    title: values.title.trim(),
    event: values.operation === "trigger" ? "manual" : "after",
    operation: values.operation as HookBody["operation"],
    condition: values.condition,
    notification: notificationOf(values),
  });
  const missing = !values.title.trim() || !settingsComplete(notifier, values.payload);
  const pickNotifier = (name: string) => set({ type: name, payload: freshSettings(notifiers.find((n) => n.name === name)) });

  const save = async () => {
    setError(null);
    const result = saved
      ? await update({ tableId, hookId: saved.id, body: body() })
      : await create({ tableId, body: { ...body(), active: true, ...(copy && hook ? { copy_from_id: hook.id } : {}) } });
    if ("error" in result) return setError((result.error as HttpError).message);
    notify(intl.formatMessage({ id: "webhooks.saved" }, { title: values.title.trim() }), "success");
    onDone(!saved && values.condition ? result.data : undefined);
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
        {values.operation !== "trigger" && (
          <HookConditions tableId={tableId} hookId={saved?.id} columns={columns} enabled={values.condition}
            onEnabled={(condition) => set({ condition })} />
        )}
        <FormGroup label={intl.formatMessage({ id: "webhooks.sendTo" })} labelFor="webhook-type">
          <HTMLSelect id="webhook-type" fill value={values.type} onChange={(e) => pickNotifier(e.currentTarget.value)} data-testid="webhook-type">
            {!notifier && <option value={values.type}>{values.type}</option>}
            {notifiers.map((n) => (
              <option key={n.name} value={n.name}>{intl.formatMessage({ id: n.label, defaultMessage: n.name })}</option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {notifier ? (
          <NotifierSettings notifier={notifier} value={values.payload} onChange={(payload) => set({ payload })} />
        ) : (
          <Callout intent="warning" data-testid="webhook-no-notifier">
            {intl.formatMessage({ id: "webhooks.notifierGone" }, { type: values.type })}
          </Callout>
        )}
        {error && <Callout intent="danger" data-testid="webhook-error">{error}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => onDone()} data-testid="webhook-back"><FormattedMessage id="common.cancel" /></Button>
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
