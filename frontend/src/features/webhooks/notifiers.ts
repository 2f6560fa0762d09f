// The notifiers the webhook editor offers, from the catalogue (a disabled notifier plugin is
// not there), and the editor's values of a hook. Each notifier's settings form is its plugin
// bundle's, else a form generated from its settings schema; the server checks the settings.
import type { CatalogueNotifier } from "../../plugins/catalogue";
import { notifierUI } from "../../plugins/registry";
import { missingRequired, withDefaults } from "../grid/SchemaForm";

type Settings = Record<string, unknown>;

export interface EditorValues {
  title: string;
  operation: string;
  /** The notifier's name (the hook's `notification.type`). */
  type: string;
  /** Its settings (the hook's `notification.payload`). */
  payload: Settings;
  /** Fire only for records that meet the hook's filters. */
  condition: boolean;
}

/** The catalogue's notifiers in their order. */
export function sortedNotifiers(list: readonly CatalogueNotifier[] | undefined): CatalogueNotifier[] {
  return [...(list ?? [])].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** A new notifier's settings: its schema's defaults. */
export function freshSettings(notifier: CatalogueNotifier | undefined): Settings {
  return notifier ? withDefaults(notifier.settings, {}) : {};
}

/** Whether a notifier's settings are complete enough to save or test. */
export function settingsComplete(notifier: CatalogueNotifier | undefined, payload: Settings): boolean {
  if (!notifier) return false;
  const own = notifierUI(notifier.name)?.isComplete;
  return own ? own(payload) : missingRequired(notifier.settings, payload) === null;
}

/** The notification a hook is saved with, from the editor's values. */
export function notificationOf(values: EditorValues): { type: string; payload: Settings } {
  return { type: values.type, payload: values.payload };
}

/** The editor's values of a saved hook, or a new one's (the first notifier offered). */
export function valuesOf(
  hook: { title: string; operation: string; condition?: boolean; notification: { type: string; payload: Settings } } | undefined,
  notifiers: readonly CatalogueNotifier[],
): EditorValues {
  if (hook) {
    return {
      title: hook.title,
      operation: hook.operation,
      type: hook.notification.type,
      payload: { ...(hook.notification.payload ?? {}) },
      condition: !!hook.condition,
    };
  }
  const first = notifiers[0];
  return { title: "", operation: "insert", type: first?.name ?? "", payload: freshSettings(first), condition: false };
}
