// A notifier's settings in the webhook editor: its plugin's settings component when its
// bundle has one, else a form generated from the catalogue's settings schema.
import type { CatalogueNotifier } from "../../plugins/catalogue";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { notifierUI } from "../../plugins/registry";
import { SchemaForm, schemaFields } from "../grid/SchemaForm";

type Settings = Record<string, unknown>;

export function NotifierSettings({ notifier, value, onChange }: { notifier: CatalogueNotifier; value: Settings; onChange(value: Settings): void }) {
  const ui = notifierUI(notifier.name);
  const generated = schemaFields(notifier.settings).length ? (
    <SchemaForm schema={notifier.settings} value={value} onChange={onChange} idPrefix="notifier-setting" />
  ) : null;
  if (!ui?.Settings) return generated;
  const Settings = ui.Settings;
  return (
    <PluginBoundary key={notifier.name} pluginId={ui.pluginId} fallback={generated}>
      <div className="wb-notifier-settings" data-testid="notifier-settings">
        <Settings notifier={notifier.name} value={value} onChange={onChange} />
      </div>
    </PluginBoundary>
  );
}
