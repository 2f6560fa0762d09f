// The one store. `makeStore` is called once in the browser, once per prerendered page at
// build time, and once per test (with a fake fetch and storage).
import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from "@reduxjs/toolkit";
import { workbenchApi, type ThunkExtra } from "./api";
import { createHttpClient } from "./http";
import type { BootState } from "./boot";
import { localeSlice, localeLoaded } from "../features/i18n/localeSlice";
import { direction } from "../features/i18n/locales";
import { enMessages } from "../features/i18n/messages";
import { sessionApi } from "../features/session/api";
import {
  feedbackPolled,
  langChanged,
  previewAsChanged,
  settingsLoaded,
  settingsSlice,
  signedOut,
  tokenChanged,
} from "../features/settings/settingsSlice";
import { writeSettingsChanges, type SettingsStorage } from "../features/settings/settings";
import { requestFinished, requestStarted, uiSlice } from "../features/ui/uiSlice";
import { tabsSlice } from "../features/tabs/tabsSlice";
import { realtimeSlice } from "../features/realtime/realtimeSlice";
import { sharedBaseIdFromPath, sharedBasePassword } from "../features/shared/sharedBase";
import { catalogueApi, setCatalogue } from "../plugins/catalogue";

export const rootReducer = combineSlices(workbenchApi, settingsSlice, localeSlice, uiSlice, tabsSlice, realtimeSlice);
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  boot?: Partial<BootState>;
  fetch?: typeof fetch;
  storage?: SettingsStorage;
  baseUrl?: string;
  /** Show a message to the user (a toast in the browser). */
  notify?(message: string, intent: "danger" | "warning" | "success"): void;
}

export function makeStore(options: StoreOptions = {}) {
  const extra = {} as ThunkExtra;
  const listener = createListenerMiddleware();
  const lang = options.boot?.lang ?? "en";
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      locale: { lang, dir: direction(lang), messages: options.boot?.messages ?? enMessages },
    } as Partial<RootState>,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(listener.middleware)
        .concat(workbenchApi.middleware),
    // The store tells its subscribers of a burst of RTK Query's actions once, at the end of the
    // task that dispatched them, not in an animation frame: a frame asked for when a request
    // answers takes the one that the user's next key would have been drawn in, so the key
    // waits a whole frame more.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: "tick" } }),
  });

  extra.http = createHttpClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    getToken: () => store.getState().settings.values.token,
    getPreviewAs: () => store.getState().settings.values.previewAs,
    getSharedBaseId: () => sharedBaseIdFromPath(globalThis.location?.pathname),
    getSharedBasePassword: () => sharedBasePassword(sharedBaseIdFromPath(globalThis.location?.pathname)),
    onToken: (token) => store.dispatch(tokenChanged(token)),
    onSignOut: (message) => {
      // Only a session that existed is reported as ended.
      const hadSession = !!store.getState().settings.values.token;
      store.dispatch(signedOut());
      store.dispatch(workbenchApi.util.resetApiState());
      const { messages } = store.getState().locale;
      if (hadSession) options.notify?.(message || messages["session.signedOut"] || "You have been signed out", "warning");
    },
    onRequestStart: () => store.dispatch(requestStarted()),
    onRequestEnd: () => store.dispatch(requestFinished()),
  });

  // Keep the stored settings in step with the store (never before they were loaded): each
  // change stores the values it changed, not the page's whole copy.
  listener.startListening({
    matcher: isAnyOf(tokenChanged, signedOut, langChanged, feedbackPolled, previewAsChanged),
    effect: (_action, api) => {
      const { settings } = api.getState() as RootState;
      const previous = (api.getOriginalState() as RootState).settings;
      if (settings.loaded) writeSettingsChanges(options.storage, previous.values, settings.values);
    },
  });
  // A new identity: forget the previous user's cached data.
  listener.startListening({
    matcher: isAnyOf(signedOut, settingsLoaded),
    effect: (_action, api) => {
      api.dispatch(workbenchApi.util.invalidateTags(["Me"]));
    },
  });

  // The catalogue of the page's language comes with the page; the helpers outside React read
  // the one last received.
  listener.startListening({
    matcher: catalogueApi.endpoints.catalogue.matchFulfilled,
    effect: (action) => setCatalogue(action.payload),
  });
  // Signed-in users see more of it (importers): read it again when the part held is not
  // the one for who is signed in (or not).
  listener.startListening({
    predicate: (_action, state, previous) =>
      !!(state as RootState).settings.values.token !== !!(previous as RootState).settings.values.token,
    effect: (_action, api) => {
      const state = api.getState() as RootState;
      const held = catalogueApi.endpoints.catalogue.select(state.locale.lang)(state).data;
      if (!held || !!held.importers !== !!state.settings.values.token) api.dispatch(workbenchApi.util.invalidateTags(["Catalogue"]));
    },
  });
  if (options.boot?.catalogue) {
    setCatalogue(options.boot.catalogue);
    store.dispatch(
      catalogueApi.util.upsertQueryEntries([{ endpointName: "catalogue", arg: lang, value: options.boot.catalogue }]),
    );
  }
  if (options.boot?.appInfo) {
    store.dispatch(
      sessionApi.util.upsertQueryEntries([{ endpointName: "appInfo", arg: undefined, value: options.boot.appInfo }]),
    );
  }
  return Object.assign(store, { http: extra.http });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
export { localeLoaded };
