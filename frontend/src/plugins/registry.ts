// The plugins loaded in this page, for the parts of the host that use them (cell renderers
// and editors by field type, components by slot, messages).
import type { FieldTypeUI, NotifierUI, PluginDefinition, ViewTypeUI } from "./hostApi";
import type { LoadedPlugins } from "./loader";

let current: LoadedPlugins = { plugins: [], failed: [] };

export function setLoadedPlugins(loaded: LoadedPlugins): void {
  current = loaded;
}

export function loadedPlugins(): readonly PluginDefinition[] {
  return current.plugins;
}

export function failedPlugins(): LoadedPlugins["failed"] {
  return current.failed;
}

/** The UI of a field type, from the first plugin that provides one, with its plugin id. */
export function fieldTypeUI(uidt: string): (FieldTypeUI & { pluginId: string }) | null {
  for (const plugin of current.plugins) {
    const ui = plugin.fieldTypes?.[uidt];
    if (ui) return { ...ui, pluginId: plugin.id };
  }
  return null;
}

/** The component a plugin provides for `slot` (e.g. `importer.csv.options`), from the first
 * plugin that has one, with its plugin id. */
export function pluginComponent(slot: string): { Component: NonNullable<PluginDefinition["components"]>[string]; pluginId: string } | null {
  for (const plugin of current.plugins) {
    const Component = plugin.components?.[slot];
    if (Component) return { Component, pluginId: plugin.id };
  }
  return null;
}

/** The UI of a view type from the first plugin that provides one, with its plugin id. */
export function viewTypeUI(name: string): (ViewTypeUI & { pluginId: string }) | null {
  for (const plugin of current.plugins) {
    const ui = plugin.viewTypes?.[name];
    if (ui) return { ...ui, pluginId: plugin.id };
  }
  return null;
}

/** The UI of a webhook notifier (its settings form) from the first plugin that provides one,
 * with its plugin id. */
export function notifierUI(name: string): (NotifierUI & { pluginId: string }) | null {
  for (const plugin of current.plugins) {
    const ui = plugin.notifiers?.[name];
    if (ui) return { ...ui, pluginId: plugin.id };
  }
  return null;
}
