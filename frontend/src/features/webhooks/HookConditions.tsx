// A webhook's condition in its editor: a switch (fire only for records that meet the
// filters) and the filters, edited with the filter editor a plugin lends through the slot
// `filters.editor` (the grid's, the same as a view's filters). A new webhook gets its
// filters once it is saved.
import { Callout, FormGroup, Switch } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import type { FieldInfo } from "../../plugins/hostApi";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { pluginComponent } from "../../plugins/registry";

export function HookConditions({ tableId, hookId, columns, enabled, onEnabled }: {
  tableId: string;
  /** The saved hook's id (absent for a new one). */
  hookId?: string;
  columns: readonly FieldInfo[];
  enabled: boolean;
  onEnabled(enabled: boolean): void;
}) {
  const intl = useIntl();
  const editor = pluginComponent("filters.editor");
  const unavailable = <Callout compact intent="warning">{intl.formatMessage({ id: "webhooks.conditions.unavailable" })}</Callout>;
  let body = null;
  if (enabled && !hookId) body = <p className="bp6-text-muted" data-testid="webhook-conditions-later">{intl.formatMessage({ id: "webhooks.conditions.saveFirst" })}</p>;
  else if (enabled && !editor) body = unavailable;
  else if (enabled && editor && hookId) {
    const Editor = editor.Component;
    body = (
      <PluginBoundary pluginId={editor.pluginId} fallback={unavailable}>
        <Editor tableId={tableId} owner={{ kind: "hook", id: hookId }} columns={columns} />
      </PluginBoundary>
    );
  }
  return (
    <FormGroup label={intl.formatMessage({ id: "webhooks.conditions" })}>
      <Switch
        checked={enabled}
        label={intl.formatMessage({ id: "webhooks.conditions.on" })}
        onChange={(e) => onEnabled(e.currentTarget.checked)}
        data-testid="webhook-condition"
      />
      <div data-testid="webhook-conditions">{body}</div>
    </FormGroup>
  );
}
