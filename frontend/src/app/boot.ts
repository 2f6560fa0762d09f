// The initial state the server inlines into the page (window.__WB_STATE__) and the
// prerender uses at build time.
import type { AppInfo } from "../features/session/api";
import type { Lang } from "../features/i18n/locales";
import type { Messages } from "../features/i18n/messages";
import type { Theme } from "../features/projects/theme";
import type { PluginBundle } from "../plugins/loader";
import type { Catalogue } from "../plugins/catalogue";

export interface BootState {
  appInfo: AppInfo | null;
  lang: Lang;
  messages: Messages;
  theme: Theme;
  /** Plugin UI bundles to load (those of the catalogue are loaded too). */
  plugins: PluginBundle[];
  /** The server watches plugin bundles (workbench.plugins.watch): reload when one is rebuilt. */
  pluginsWatch?: boolean;
  /** What the enabled plugins provide, in the page's language (docs/catalogue.md). */
  catalogue: Catalogue;
  /** The path the app is served under ("" at the site's root, else like "/workbench"). */
  basePath?: string;
}

declare global {
  interface Window {
    __WB_STATE__?: Partial<BootState>;
  }
}
