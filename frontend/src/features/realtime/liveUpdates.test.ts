// Live changes from the socket: what each message reloads, bursts coalesced per table, reloads
// held while a component asks and while this page's own writes run, a resync after a
// reconnection; and the whole path from a socket message to refetched records in a real store.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UnknownAction } from "@reduxjs/toolkit";
import { makeStore } from "../../app/store";
import { recordsApi } from "../grid/api";
import { tablesApi } from "../tables/api";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import { LiveBus, touchesRecord, type RecordsChange } from "./liveBus";
import { COALESCE_MS, LiveUpdates, metaTags, type LiveTag } from "./liveUpdates";
import { RealtimeClient, type SocketLike } from "./realtimeClient";
import { tableShown } from "./realtimeSlice";

const data = (table_id: string, ids: unknown[] | null, action = "update") => ({
  event: "data",
  data: { project_id: "p1", table_id, action, ids, by: "u2" },
});
const meta = (fields: Record<string, unknown>) => ({ event: "meta", data: { project_id: "p1", by: "u2", ...fields } });

/** The tags of every invalidation dispatched, one list per dispatch. */
function invalidated(actions: UnknownAction[]): LiveTag[][] {
  return actions
    .filter((a) => a.type === "api/invalidateTags")
    .map((a) => (a as unknown as { payload: LiveTag[] }).payload);
}

function setup(state: { api?: { mutations: Record<string, unknown> }; realtime?: { openTableId: string | null } } = {}) {
  const actions: UnknownAction[] = [];
  const bus = new LiveBus();
  const changes: RecordsChange[] = [];
  bus.onRecords((change) => changes.push(change));
  const live = new LiveUpdates({ dispatch: (a) => (actions.push(a), a), getState: () => state, bus });
  return { live, bus, actions, changes, state };
}

describe("live updates", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reloads a table's records at once on a data message and names the changed records", () => {
    const { live, actions, changes } = setup();
    live.handle(data("t1", [7], "insert"));
    expect(invalidated(actions)).toEqual([[{ type: "Records", id: "t1" }]]);
    expect(changes).toEqual([{ tableId: "t1", ids: [7] }]);
  });

  it("coalesces a burst into one more reload per 300 ms, with the records of all of it", () => {
    const { live, actions, changes } = setup();
    live.handle(data("t1", [1]));
    for (const id of [2, 3, 2]) live.handle(data("t1", [id]));
    expect(invalidated(actions)).toHaveLength(1);
    vi.advanceTimersByTime(COALESCE_MS - 1);
    expect(invalidated(actions)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(invalidated(actions)).toHaveLength(2);
    expect(changes.map((c) => c.ids)).toEqual([[1], [2, 3]]);
    vi.advanceTimersByTime(10 * COALESCE_MS);
    expect(invalidated(actions)).toHaveLength(2);
  });

  it("reads everything again when any message of a burst names no records", () => {
    const { live, changes } = setup();
    live.handle(data("t1", [1]));
    live.handle(data("t1", [2]));
    live.handle(data("t1", null));
    live.handle(data("t1", [3]));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(changes.map((c) => c.ids)).toEqual([[1], null]);
  });

  it("coalesces each table on its own", () => {
    const { live, actions } = setup();
    live.handle(data("t1", [1]));
    live.handle(data("t2", [1]));
    expect(invalidated(actions)).toEqual([[{ type: "Records", id: "t1" }], [{ type: "Records", id: "t2" }]]);
  });

  it("holds a table's reloads while a component asks, then reloads once", () => {
    const { live, bus, actions, changes } = setup();
    const release = bus.hold("t1");
    const nested = bus.hold("t1");
    live.handle(data("t1", [1]));
    live.handle(meta({ kind: "column", action: "insert", id: "c9", table_id: "t1" }));
    live.handle(data("t2", [5]));
    vi.advanceTimersByTime(5 * COALESCE_MS);
    expect(invalidated(actions)).toEqual([[{ type: "Records", id: "t2" }]]);
    nested();
    release();
    release(); // a second call changes nothing
    const tags = invalidated(actions);
    expect(tags).toHaveLength(2);
    expect(tags[1]).toEqual(expect.arrayContaining([{ type: "Records", id: "t1" }, { type: "Table", id: "t1" }]));
    expect(changes.at(-1)).toEqual({ tableId: "t1", ids: [1] });
    expect(bus.isHeld("t1")).toBe(false);
  });

  it("waits while this page's own write to the table is under way", () => {
    const mutations: Record<string, unknown> = {
      r1: { status: "pending", endpointName: "updateRecord", originalArgs: { tableId: "t1", pk: 1 } },
      r2: { status: "pending", endpointName: "updateRecord", originalArgs: { tableId: "t2", pk: 1 } },
    };
    const { live, actions } = setup({ api: { mutations } });
    live.handle(data("t1", [1]));
    vi.advanceTimersByTime(3 * COALESCE_MS);
    expect(invalidated(actions)).toEqual([]);
    mutations.r1 = { status: "fulfilled", originalArgs: { tableId: "t1", pk: 1 } };
    vi.advanceTimersByTime(COALESCE_MS);
    expect(invalidated(actions)).toEqual([[{ type: "Records", id: "t1" }]]);
  });

  it("reads the open table and the project again after a reconnection, not on the first connection", () => {
    const { live, actions } = setup({ realtime: { openTableId: "t1" } });
    live.handle({ event: "ready", user_id: "u1" });
    expect(invalidated(actions)).toEqual([]);
    live.handle({ event: "ready", user_id: "u1" });
    const all = invalidated(actions).flat();
    expect(all).toEqual(expect.arrayContaining(["Project", "Records", "Table", "Views"]));
  });

  it("ignores other messages and data without a table", () => {
    const { live, actions } = setup();
    live.handle({ event: "ack", of: "page" });
    live.handle({ event: "data", data: { project_id: "p1", action: "update", ids: [1] } });
    live.handle({ event: "data" });
    expect(actions).toEqual([]);
  });

  it("stops its timers when disposed", () => {
    const { live, bus, actions } = setup();
    live.handle(data("t1", [1]));
    live.handle(data("t1", [2]));
    live.dispose();
    vi.advanceTimersByTime(COALESCE_MS);
    const release = bus.hold("t1");
    release();
    expect(invalidated(actions)).toHaveLength(1);
  });
});

describe("meta tags", () => {
  it("reload the tables list for a table, its columns and records for a column", () => {
    expect(metaTags({ project_id: "p1", kind: "table", action: "insert", id: "t9" })).toEqual(
      expect.arrayContaining([{ type: "Table", id: "project:p1" }, { type: "Table", id: "t9" }]),
    );
    expect(metaTags({ project_id: "p1", kind: "column", action: "insert", id: "c1", table_id: "t1" })).toEqual(
      expect.arrayContaining([{ type: "Table", id: "t1" }, { type: "Records", id: "t1" }, "View"]),
    );
  });

  it("reload a table's views and the view's own settings for a view", () => {
    const tags = metaTags({ project_id: "p1", kind: "view", action: "delete", id: "v1", table_id: "t1" });
    expect(tags).toEqual(
      expect.arrayContaining([{ type: "Views", id: "t1" }, { type: "View", id: "v1" }, { type: "ViewSettings", id: "v1" }]),
    );
  });

  it("reload the view's sorts and filters (every open view's when the view is not named)", () => {
    expect(metaTags({ project_id: "p1", kind: "filter", id: "f1", table_id: "t1", view_id: "v1" })).toEqual([
      { type: "View", id: "v1" },
      { type: "Records", id: "t1" },
    ]);
    expect(metaTags({ project_id: "p1", kind: "sort", id: "s1", table_id: "t1" })).toEqual(["View", { type: "Records", id: "t1" }]);
  });

  it("reload every open view's fields for a view's field shown, moved or resized", () => {
    expect(metaTags({ project_id: "p1", kind: "view_column", id: "vc1", table_id: "t1" })).toEqual([
      "View",
      "ViewSettings",
      { type: "Records", id: "t1" },
    ]);
  });

  it("reload the project, its members and the caller's roles", () => {
    expect(metaTags({ project_id: "p1", kind: "project", action: "update", id: "p1" })).toEqual(
      expect.arrayContaining([{ type: "Project", id: "p1" }, { type: "Project", id: "LIST" }]),
    );
    expect(metaTags({ project_id: "p1", kind: "member", action: "update", id: "u3" })).toEqual([{ type: "Members", id: "p1" }, "Me"]);
    expect(metaTags({ project_id: "p1", kind: "webhook", id: "h1", table_id: "t1" })).toEqual(
      expect.arrayContaining([{ type: "Table", id: "t1" }, { type: "Records", id: "t1" }]),
    );
  });
});

describe("a record's change", () => {
  it("concerns the record when its id is named (as number or text) or when none are", () => {
    expect(touchesRecord({ tableId: "t1", ids: [1, 2] }, "t1", "2")).toBe(true);
    expect(touchesRecord({ tableId: "t1", ids: [1] }, "t1", 2)).toBe(false);
    expect(touchesRecord({ tableId: "t1", ids: null }, "t1", 2)).toBe(true);
    expect(touchesRecord({ tableId: "t2", ids: null }, "t1", 2)).toBe(false);
  });
});

// From the socket to the store: a fake socket, the real client, store and RTK Query cache.
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike["onopen"] = null;
  onclose: SocketLike["onclose"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onerror: SocketLike["onerror"] = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function respond(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

describe("live updates in the store", () => {
  function connected() {
    const rows = [{ Id: 1, Name: "bolt" }];
    const columns = [{ id: "c1", title: "Name", uidt: "SingleLineText" }];
    const requests: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://host");
      requests.push(url.pathname);
      if (url.pathname.endsWith("/records/count")) return respond({ count: rows.length });
      if (url.pathname.endsWith("/records")) return respond({ list: [...rows], pageInfo: { totalRows: rows.length } });
      return respond({ id: "t1", title: "Parts", columns: [...columns] });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: "http://host" });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "t" }));
    const bus = new LiveBus();
    const live = new LiveUpdates({ dispatch: store.dispatch, getState: store.getState, bus });
    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient({
      url: "ws://host/ws",
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      onMessage: (message) => live.handle(message),
    });
    client.setToken("token");
    sockets[0].open();
    sockets[0].receive({ event: "ready", user_id: "u1" });
    return { store, rows, columns, requests, socket: sockets[0], client, bus };
  }

  it("sends the open table's id with the page", () => {
    const { client, socket, store } = connected();
    store.dispatch(tableShown("t1"));
    client.page("/nc/p1/table/Parts", null, "p1", "t1");
    expect(socket.sent.at(-1)).toEqual({ event: "page", data: { path: "/nc/p1/table/Parts", type: null, pid: "p1", table_id: "t1" } });
  });

  it("refetches the shown page and count after someone's insert, showing the old rows meanwhile", async () => {
    const { store, rows, requests, socket } = connected();
    const args = { tableId: "t1", offset: 0, limit: 100 };
    const page = store.dispatch(recordsApi.endpoints.recordsPage.initiate(args));
    const count = store.dispatch(recordsApi.endpoints.recordCount.initiate({ tableId: "t1" }));
    await Promise.all([page, count]);
    requests.length = 0;

    rows.push({ Id: 2, Name: "nut" });
    socket.receive(data("t1", [2], "insert"));
    expect(recordsApi.endpoints.recordsPage.select(args)(store.getState()).data?.list).toHaveLength(1);
    await vi.waitFor(() => expect(recordsApi.endpoints.recordsPage.select(args)(store.getState()).data?.list).toHaveLength(2));
    await vi.waitFor(() => expect(recordsApi.endpoints.recordCount.select({ tableId: "t1" })(store.getState()).data?.count).toBe(2));
    expect(requests.sort()).toEqual(["/api/v2/tables/t1/records", "/api/v2/tables/t1/records/count"]);
    page.unsubscribe();
    count.unsubscribe();
  });

  it("refetches the table's columns after a column is added by someone else", async () => {
    const { store, columns, socket } = connected();
    const table = store.dispatch(tablesApi.endpoints.table.initiate("t1"));
    await table;
    columns.push({ id: "c2", title: "Qty", uidt: "Number" });
    socket.receive(meta({ kind: "column", action: "insert", id: "c2", table_id: "t1" }));
    await vi.waitFor(() =>
      expect(tablesApi.endpoints.table.select("t1")(store.getState()).data?.columns?.map((c) => c.title)).toEqual(["Name", "Qty"]),
    );
    table.unsubscribe();
  });
});
