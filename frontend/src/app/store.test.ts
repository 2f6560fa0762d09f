import { describe, expect, it, vi } from "vitest";
import { makeStore } from "./store";
import { sessionApi } from "../features/session/api";
import { projectsApi } from "../features/projects/api";
import { tablesApi } from "../features/tables/api";
import { settingsLoaded, tokenChanged } from "../features/settings/settingsSlice";
import { defaultSettings, SETTINGS_KEY } from "../features/settings/settings";
import { selectLoading } from "../features/ui/uiSlice";

function makeToken(claims: Record<string, unknown>): string {
  const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("store", () => {
  it("starts with the inlined app info and locale, settings not loaded yet", () => {
    const store = makeStore({
      boot: { appInfo: { ...sessionApiDefaults(), firstUser: false }, lang: "ar", messages: { "app.name": "Workbench AR" } },
    });
    const state = store.getState();
    expect(state.settings.loaded).toBe(false);
    expect(state.locale).toEqual({ lang: "ar", dir: "rtl", messages: { "app.name": "Workbench AR" } });
    expect(sessionApi.endpoints.appInfo.select()(state).data?.firstUser).toBe(false);
  });

  it("persists the token to local settings only once they are loaded", () => {
    const storage = memoryStorage();
    const store = makeStore({ storage });
    store.dispatch(tokenChanged("early"));
    expect(storage.map.has(SETTINGS_KEY)).toBe(false);
    store.dispatch(settingsLoaded(defaultSettings()));
    store.dispatch(tokenChanged("t1"));
    expect(JSON.parse(storage.map.get(SETTINGS_KEY)!).token).toBe("t1");
  });

  it("fetches through the HTTP client with the session token and tracks loading", async () => {
    const token = makeToken({ sub: "u1", exp: Math.floor(Date.now() / 1000) + 3600 });
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      expect(new Headers(init?.headers).get("xc-auth")).toBe(token);
      return respond(200, { list: [{ id: "p1", title: "One" }], pageInfo: { totalRows: 1 } });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token }));
    const pending = store.dispatch(projectsApi.endpoints.projects.initiate());
    expect(selectLoading(store.getState())).toBe(true);
    const result = await pending;
    expect(result.data?.list[0].title).toBe("One");
    expect(selectLoading(store.getState())).toBe(false);
    pending.unsubscribe();
  });

  it("signs out, clears the token and notifies when a refresh fails", async () => {
    const storage = memoryStorage();
    const notify = vi.fn();
    const responses = [respond(401, { msg: "Unauthorized" }), respond(401, { msg: "Invalid refresh token" })];
    const fetch = vi.fn(async () => responses.shift()!);
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch, storage, notify });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "stale" }));
    const pending = store.dispatch(sessionApi.endpoints.me.initiate());
    await pending;
    pending.unsubscribe();
    expect(store.getState().settings.values.token).toBeNull();
    expect(JSON.parse(storage.map.get(SETTINGS_KEY)!).token).toBeNull();
    expect(notify).toHaveBeenCalledWith("Invalid refresh token", "warning");
  });

  it.each([false, true])("lists a project's tables with the includeM2M flag of the settings (%s)", async (includeM2M) => {
    const urls: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return respond(200, { list: [], pageInfo: { totalRows: 0 } });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok", includeM2M }));
    const pending = store.dispatch(tablesApi.endpoints.tables.initiate("p 1"));
    const result = await pending;
    pending.unsubscribe();
    expect(result.data?.list).toEqual([]);
    expect(urls).toEqual([`/api/v1/db/meta/projects/p%201/tables?includeM2M=${includeM2M}`]);
  });

  it("reads the current user's roles as a map, also when they come as a comma-separated string", async () => {
    const fetch = vi.fn(async () => respond(200, { id: "u1", email: "a@b.c", roles: "org-level-viewer, user" }));
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
    const pending = store.dispatch(sessionApi.endpoints.me.initiate({ projectId: "p1" }));
    const result = await pending;
    pending.unsubscribe();
    expect(result.data?.roles).toEqual({ "org-level-viewer": true, user: true });
  });

  it("reports no ended session when a refresh fails for a visitor who was not signed in", async () => {
    const notify = vi.fn();
    const responses = [respond(401, { msg: "Unauthorized" }), respond(401, { msg: "Missing refresh token" })];
    const fetch = vi.fn(async () => responses.shift()!);
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch, notify });
    store.dispatch(settingsLoaded(defaultSettings()));
    const pending = store.dispatch(projectsApi.endpoints.projects.initiate());
    await pending;
    pending.unsubscribe();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(notify).not.toHaveBeenCalled();
  });

  it("shows the translated signed-out text when the failed refresh gave no message", async () => {
    const notify = vi.fn();
    const responses = [respond(401, {}), respond(500, {})];
    const fetch = vi.fn(async () => responses.shift()!);
    const store = makeStore({
      fetch: fetch as unknown as typeof globalThis.fetch,
      notify,
      boot: { lang: "de", messages: { "session.signedOut": "Sie wurden abgemeldet" } },
    });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "stale" }));
    const pending = store.dispatch(sessionApi.endpoints.me.initiate());
    await pending;
    pending.unsubscribe();
    expect(notify).toHaveBeenCalledWith("Sie wurden abgemeldet", "warning");
  });

  it("keeps a refreshed token", async () => {
    const responses = [respond(401, {}), respond(200, { token: "fresh" }), respond(200, { id: "u1", roles: {} })];
    const fetch = vi.fn(async () => responses.shift()!);
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "stale" }));
    const pending = store.dispatch(sessionApi.endpoints.me.initiate());
    const result = await pending;
    pending.unsubscribe();
    expect(result.data?.id).toBe("u1");
    expect(store.getState().settings.values.token).toBe("fresh");
  });
});

function sessionApiDefaults() {
  return {
    authType: "jwt",
    connectToExternalDB: false,
    defaultLimit: 0,
    firstUser: true,
    githubAuthEnabled: false,
    googleAuthEnabled: true,
    ncMin: false,
    oneClick: false,
    projectHasAdmin: false,
    teleEnabled: true,
  };
}
