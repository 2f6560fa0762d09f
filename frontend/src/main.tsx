// Browser entry: build the store from the state the server inlined, then hydrate the
// prerendered shell (or render from scratch when there is none, e.g. in `vite dev`).
import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { makeStore } from "./app/store";
import { notify } from "./features/ui/notify";

const boot = window.__WB_STATE__ ?? {};
const store = makeStore({ boot, storage: window.localStorage, notify });
const root = document.getElementById("root")!;
const app = (
  <BrowserRouter>
    <App store={store} />
  </BrowserRouter>
);

if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
(window as unknown as { __wbHydrated: boolean }).__wbHydrated = true;
