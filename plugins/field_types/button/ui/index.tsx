// The UI of Button fields: a button in each record's cell that fires the field's manual
// webhook for that record (editors and up; shown disabled to who may only read), and the
// settings choosing its label and the webhook among the table's manual ones.
import { useState } from "react";
import { useIntl } from "react-intl";
import { Button, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { definePlugin, toast, type CellProps, type PluginHost, type SettingsProps } from "@workbench/plugin-api";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let api: any = null;
const enc = encodeURIComponent;

function setup(host: PluginHost) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const base = host.api as any;
  if (!base?.injectEndpoints) return;
  api = base.injectEndpoints({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    endpoints: (build: any) => ({
      buttonTrigger: build.mutation({
        query: ({ hookId, rowId }: { hookId: string; rowId: unknown }) => ({
          url: `/api/v1/db/meta/hooks/${enc(hookId)}/trigger/${enc(String(rowId))}`,
          method: "POST",
          body: {},
        }),
      }),
      buttonHooks: build.query({
        query: (tableId: string) => `/api/v1/db/meta/tables/${enc(tableId)}/hooks`,
        providesTags: (_r: unknown, _e: unknown, tableId: string) => [{ type: "Hook", id: `table:${tableId}` }],
      }),
    }),
  });
}

function options(column: CellProps["column"]): { label: string; hook: string | null } {
  const o = (column.colOptions ?? {}) as Record<string, unknown>;
  return { label: String(o.label ?? column.title), hook: (o.fk_webhook_id as string | undefined) ?? null };
}

function ButtonCell({ column, rowId, readOnly }: CellProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const trigger = api?.useButtonTriggerMutation?.()[0];
  const { label, hook } = options(column);
  const press = async (event: React.MouseEvent) => {
    event.stopPropagation();
    if (!trigger || !hook || rowId === undefined || rowId === null) return;
    setBusy(true);
    const result = await trigger({ hookId: hook, rowId });
    setBusy(false);
    if (result.error) toast(String(result.error.message ?? result.error.data?.msg ?? ""), "danger");
    else toast(intl.formatMessage({ id: "plugin.field_button.sent" }, { label }), "success");
  };
  return (
    <Button size="small" loading={busy} disabled={readOnly || !hook || rowId === undefined} onClick={(e) => void press(e)}
      data-testid="button-field">
      {label}
    </Button>
  );
}

function ButtonSettings({ value, onChange, tableId }: SettingsProps) {
  const intl = useIntl();
  const m = (key: string) => intl.formatMessage({ id: `plugin.field_button.${key}` });
  const hooks = api?.useButtonHooksQuery?.(tableId ?? "", { skip: !tableId })?.data?.list ?? [];
  const manual = hooks.filter((h: { event: string }) => h.event === "manual");
  const chosen = String(value.fk_webhook_id ?? "");
  return (
    <>
      <FormGroup label={m("setting.label")} labelFor="button-label">
        <InputGroup id="button-label" value={String(value.label ?? "")} onValueChange={(label) => onChange({ ...value, label, type: "webhook" })} />
      </FormGroup>
      <FormGroup label={m("setting.webhook")} labelFor="button-webhook" helperText={manual.length === 0 ? m("settings.none") : undefined}>
        <HTMLSelect id="button-webhook" fill value={chosen} onChange={(e) => onChange({ ...value, fk_webhook_id: e.currentTarget.value, type: "webhook" })}>
          <option value="" disabled>—</option>
          {manual.map((h: { id: string; title: string }) => <option key={h.id} value={h.id}>{h.title}</option>)}
        </HTMLSelect>
      </FormGroup>
    </>
  );
}

export default definePlugin({
  id: "field_button",
  setup,
  fieldTypes: {
    Button: {
      Cell: ButtonCell,
      Settings: ButtonSettings,
      settingsOf: (column: { colOptions?: Record<string, unknown> | null }) => ({ ...(column.colOptions ?? {}) }),
    },
  },
});
