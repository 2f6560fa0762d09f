// Loading plugin UI bundles listed by the server: each is an ES module loaded with import();
// one that fails to load or to set up is recorded and skipped, the others carry on.
import { namespacePluginMessages } from "../features/i18n/locales";
import { PLUGIN_API_VERSION, type PluginDefinition, type PluginHost } from "./hostApi";
import { exposeSharedModules } from "./shared";

export interface PluginBundle {
  id: string;
  url: string;
}

export interface LoadedPlugins {
  plugins: PluginDefinition[];
  failed: { id: string; error: string }[];
}

export type Importer = (url: string) => Promise<{ default?: unknown }>;

const browserImport: Importer = (url) => import(/* @vite-ignore */ url);

export async function loadPlugins(
  bundles: readonly PluginBundle[],
  host: PluginHost,
  importer: Importer = browserImport,
): Promise<LoadedPlugins> {
  exposeSharedModules();
  const result: LoadedPlugins = { plugins: [], failed: [] };
  const settled = await Promise.allSettled(bundles.map((b) => importer(b.url)));
  settled.forEach((outcome, index) => {
    const { id } = bundles[index];
    try {
      if (outcome.status === "rejected") throw outcome.reason;
      const definition = outcome.value.default as PluginDefinition | undefined;
      if (!definition || typeof definition !== "object") throw new Error("the bundle has no default export");
      if (definition.id !== id) throw new Error(`the bundle says it is ${JSON.stringify(definition.id)}`);
      if ((definition.apiVersion ?? PLUGIN_API_VERSION) !== PLUGIN_API_VERSION) {
        throw new Error(`plugin API version ${definition.apiVersion} is not supported`);
      }
      definition.setup?.(host);
      result.plugins.push(definition);
    } catch (error) {
      result.failed.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  return result;
}

/** The plugins' messages for `lang` (English filling gaps), namespaced plugin.<id>.* */
export function pluginMessages(plugins: readonly PluginDefinition[], lang: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const plugin of plugins) {
    const catalogue = { ...(plugin.messages?.en ?? {}), ...(plugin.messages?.[lang] ?? {}) };
    Object.assign(messages, namespacePluginMessages(plugin.id, catalogue));
  }
  return messages;
}
