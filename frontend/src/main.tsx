// Browser entry: build the store from the state the server inlined, then hydrate the
// prerendered shell (or render from scratch when there is none, e.g. in `vite dev`).
import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles.css";
import "./phone.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { basePath, withBase } from "./app/basePath";
import { workbenchApi } from "./app/api";
import { makeStore, rootReducer } from "./app/store";
import { handEarlyEscape } from "./features/ui/earlyEscape";
import { notify } from "./features/ui/notify";
import { pluginsLoaded } from "./features/ui/uiSlice";
import { serverBundles, watchBundles } from "./plugins/devReload";
import { loadPlugins } from "./plugins/loader";
import { setLoadedPlugins } from "./plugins/registry";

const boot = window.__WB_STATE__ ?? {};
const store = makeStore({ boot, storage: window.localStorage, notify, baseUrl: basePath() });
const root = document.getElementById("root")!;
const app = (
  <BrowserRouter basename={basePath() || undefined}>
    <App store={store} />
  </BrowserRouter>
);

if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
(window as unknown as { __wbHydrated: boolean }).__wbHydrated = true;
// An Escape pressed as a dialog or menu shows closes it, before the focus has moved into it.
handEarlyEscape();

// Plugin UI bundles load after hydration (those of the catalogue, and any the boot state
// lists besides); a failing one is reported and skipped.
const bundles = [
  ...Object.entries(boot.catalogue?.bundles ?? {}).map(([id, b]) => ({ id, url: withBase(b.url) })),
  ...(boot.plugins ?? []).filter((p) => !boot.catalogue?.bundles?.[p.id]).map((p) => ({ ...p, url: withBase(p.url) })),
];
void loadPlugins(bundles, {
  api: workbenchApi,
  injectSlice: (slice) => void rootReducer.inject(slice),
}).then((loaded) => {
  setLoadedPlugins(loaded);
  for (const { id, error } of loaded.failed) console.warn(`plugin ${id} was not loaded: ${error}`);
  (window as unknown as { __wbPlugins: unknown }).__wbPlugins = {
    loaded: loaded.plugins.map((p) => p.id),
    failed: loaded.failed,
  };
  store.dispatch(pluginsLoaded());
});
// Developing a plugin (workbench.plugins.watch): the page reloads when a bundle is rebuilt.
if (boot.pluginsWatch) watchBundles(boot.catalogue?.bundles ?? {}, serverBundles, () => window.location.reload());
