// The UI of Button fields: a button in each record's cell, drawn in the field's colour with its
// icon, that either fires the field's manual webhook for that record (editors and up; shown
// disabled to who may only read) or opens the web address the field's formula built for the
// record (in a new tab, only a web or mail address); and the settings choosing the action, the
// label, the webhook or the address formula, the colour and the icon.
import { useState } from "react";
import { useIntl } from "react-intl";
import { Button, FormGroup, HTMLSelect, Icon, InputGroup, TextArea } from "@blueprintjs/core";
import { definePlugin, toast, type CellProps, type PluginHost, type SettingsProps } from "@workbench/plugin-api";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let api: any = null;
const enc = encodeURIComponent;

/** NocoDB's button colours; a field may also name its own (#rrggbb). */
export const COLORS: Record<string, string> = {
  brand: "#2d72d2",
  red: "#cd4246",
  green: "#238551",
  maroon: "#8e292c",
  blue: "#4c90f0",
  orange: "#c87619",
  pink: "#db2c6f",
  purple: "#9d3f9d",
  yellow: "#d1980b",
  gray: "#5f6b7c",
};
/** The icons the settings offer. */
export const ICONS = ["send-message", "share", "link", "globe-network", "play", "tick", "flash", "star", "envelope", "rocket-slant"];
const URL_EXAMPLE = 'CONCAT("https://example.com/orders/", {Id})';

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

interface Options {
  action: "webhook" | "url";
  label: string;
  hook: string | null;
  color: string | null;
  icon: string | null;
}

function options(column: CellProps["column"]): Options {
  const o = (column.colOptions ?? {}) as Record<string, unknown>;
  return {
    action: o.type === "url" ? "url" : "webhook",
    label: String(o.label ?? column.title),
    hook: (o.fk_webhook_id as string | undefined) ?? null,
    color: typeof o.color === "string" && o.color ? o.color : null,
    icon: typeof o.icon === "string" && o.icon ? o.icon : null,
  };
}

/** A colour name or #rrggbb as CSS, or null. */
export function colorOf(color: string | null): string | null {
  if (!color) return null;
  return COLORS[color] ?? (/^#[0-9a-fA-F]{6}$/.test(color) ? color : null);
}

/** The address a URL button opens: a web or mail address (one without a scheme is taken as
 * https, as NocoDB does); anything else (javascript:, data:, ...) is not opened. */
export function safeAddress(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function ButtonCell({ column, rowId, readOnly, value }: CellProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const trigger = api?.useButtonTriggerMutation?.()[0];
  const { action, label, hook, color, icon } = options(column);
  const background = colorOf(color);
  const style = background ? { backgroundColor: background, color: "#fff" } : undefined;
  const address = action === "url" ? safeAddress(value) : null;
  const press = async (event: React.MouseEvent) => {
    event.stopPropagation();
    if (action === "url") {
      if (address) window.open(address, "_blank", "noopener,noreferrer");
      return;
    }
    if (!trigger || !hook || rowId === undefined || rowId === null) return;
    setBusy(true);
    const result = await trigger({ hookId: hook, rowId });
    setBusy(false);
    if (result.error) toast(String(result.error.message ?? result.error.data?.msg ?? ""), "danger");
    else toast(intl.formatMessage({ id: "plugin.field_button.sent" }, { label }), "success");
  };
  const disabled = action === "url" ? !address : readOnly || !hook || rowId === undefined;
  return (
    <Button
      size="small"
      icon={icon ? <Icon icon={icon as never} color={background ? "#fff" : undefined} /> : undefined}
      loading={busy}
      disabled={disabled}
      onClick={(e) => void press(e)}
      style={style}
      title={address ?? undefined}
      data-testid="button-field"
      data-action={action}
    >
      {label}
    </Button>
  );
}

function ButtonSettings({ value, onChange, tableId }: SettingsProps) {
  const intl = useIntl();
  const m = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `plugin.field_button.${key}` }, values);
  const action = value.type === "url" ? "url" : "webhook";
  const hooks = api?.useButtonHooksQuery?.(tableId ?? "", { skip: !tableId || action !== "webhook" })?.data?.list ?? [];
  const manual = hooks.filter((h: { event: string }) => h.event === "manual");
  const set = (patch: Record<string, unknown>) => onChange({ ...value, type: action, ...patch });
  const color = String(value.color ?? "");
  const icon = String(value.icon ?? "");
  return (
    <>
      <FormGroup label={m("setting.action")} labelFor="button-action">
        <HTMLSelect id="button-action" fill value={action} onChange={(e) => set({ type: e.currentTarget.value })} data-testid="button-action">
          <option value="webhook">{m("action.webhook")}</option>
          <option value="url">{m("action.url")}</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={m("setting.label")} labelFor="button-label">
        <InputGroup id="button-label" value={String(value.label ?? "")} onValueChange={(label) => set({ label })} data-testid="button-label" />
      </FormGroup>
      {action === "webhook" ? (
        <FormGroup label={m("setting.webhook")} labelFor="button-webhook" helperText={manual.length === 0 ? m("settings.none") : undefined}>
          <HTMLSelect id="button-webhook" fill value={String(value.fk_webhook_id ?? "")} onChange={(e) => set({ fk_webhook_id: e.currentTarget.value })}>
            <option value="" disabled>—</option>
            {manual.map((h: { id: string; title: string }) => <option key={h.id} value={h.id}>{h.title}</option>)}
          </HTMLSelect>
        </FormGroup>
      ) : (
        <FormGroup label={m("setting.url")} labelFor="button-url" helperText={m("setting.url.help", { example: URL_EXAMPLE })}>
          <TextArea id="button-url" fill value={String(value.formula_raw ?? "")} onChange={(e) => set({ formula_raw: e.currentTarget.value })}
            data-testid="button-url" />
        </FormGroup>
      )}
      <FormGroup label={m("setting.color")}>
        <div role="radiogroup" aria-label={m("setting.color")} style={{ display: "flex", gap: 4, flexWrap: "wrap" }}>
          {Object.entries(COLORS).map(([name, css]) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={color === name}
              aria-label={`${m("setting.color")} ${css}`}
              onClick={() => set({ color: color === name ? null : name })}
              style={{ width: 22, height: 22, borderRadius: 4, background: css, cursor: "pointer",
                border: color === name ? "2px solid #111418" : "1px solid #abb3bf" }}
              data-testid={`button-color-${name}`}
            />
          ))}
        </div>
      </FormGroup>
      <FormGroup label={m("setting.icon")} labelFor="button-icon">
        <div role="radiogroup" aria-label={m("setting.icon")} style={{ display: "flex", gap: 4, flexWrap: "wrap" }}>
          <Button size="small" role="radio" aria-checked={!icon} active={!icon} onClick={() => set({ icon: null })}>{m("icon.none")}</Button>
          {ICONS.map((name) => (
            <Button key={name} size="small" role="radio" aria-checked={icon === name} active={icon === name} icon={name as never}
              aria-label={`${m("setting.icon")} ${ICONS.indexOf(name) + 1}`} onClick={() => set({ icon: name })}
              data-testid={`button-icon-${name}`} />
          ))}
        </div>
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
