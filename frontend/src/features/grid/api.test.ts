import { describe, expect, it, vi } from "vitest";
import { makeStore } from "../../app/store";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import { tablesApi } from "../tables/api";
import { recordsApi } from "./api";

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("records api", () => {
  it("reads an edited record back so computed cells are fresh", async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const href = String(url);
      const method = init?.method ?? (url instanceof Request ? url.method : "GET");
      if (method === "PATCH") return respond(200, [{ Id: 1 }]);
      if (href.includes("/records/1")) return respond(200, { Id: 1, Qty: 3, Double: 6 });
      return respond(200, { list: [{ Id: 1, Qty: 2, Double: 4 }], pageInfo: { totalRows: 1 } });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
    const args = { tableId: "md_t", offset: 0, limit: 100 };
    const page = store.dispatch(recordsApi.endpoints.recordsPage.initiate(args));
    await page;
    await store
      .dispatch(recordsApi.endpoints.updateRecord.initiate({ tableId: "md_t", pkName: "Id", pk: 1, values: { Qty: 3 } }))
      .unwrap();
    await vi.waitFor(() => {
      const row = recordsApi.endpoints.recordsPage.select(args)(store.getState()).data?.list[0];
      expect(row).toEqual({ Id: 1, Qty: 3, Double: 6 });
    });
    page.unsubscribe();
  });

  it("leaves the page as the edit patched it when the record read back holds the same values", async () => {
    let readBack = 0;
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const href = String(url);
      const method = init?.method ?? (url instanceof Request ? url.method : "GET");
      if (method === "PATCH") return respond(200, [{ Id: 1 }]);
      if (href.includes("/records/1")) {
        readBack += 1;
        return respond(200, { Id: 1, Qty: 3, Tags: ["a", "b"] });
      }
      return respond(200, { list: [{ Id: 1, Qty: 2, Tags: ["a", "b"] }], pageInfo: { totalRows: 1 } });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
    const args = { tableId: "md_t", offset: 0, limit: 100 };
    const page = store.dispatch(recordsApi.endpoints.recordsPage.initiate(args));
    await page;
    const select = () => recordsApi.endpoints.recordsPage.select(args)(store.getState()).data;
    await store
      .dispatch(recordsApi.endpoints.updateRecord.initiate({ tableId: "md_t", pkName: "Id", pk: 1, values: { Qty: 3 } }))
      .unwrap();
    const patched = select();
    expect(patched?.list[0]).toEqual({ Id: 1, Qty: 3, Tags: ["a", "b"] });
    await vi.waitFor(() => expect(readBack).toBe(1));
    // Let the read-back's answer be handled: the page is still the object the edit made.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(select()).toBe(patched);
    page.unsubscribe();
  });

  it("reads an edit of plain text back only when the page shows a field the engine computes", async () => {
    const columns = [
      { id: "c1", title: "Id", uidt: "ID", pk: true },
      { id: "c2", title: "Name", uidt: "SingleLineText", pv: true },
      { id: "c3", title: "Qty", uidt: "Number" },
      { id: "c4", title: "Shout", uidt: "Formula" },
    ];
    for (const [shown, edit, expected] of [
      [{ Id: 1, Name: "a", Qty: 2 }, { Name: "b" }, 0],
      [{ Id: 1, Name: "a", Shout: "A" }, { Name: "b" }, 1],
      [{ Id: 1, Name: "a", Qty: 2 }, { Qty: 3 }, 1],
    ] as const) {
      const reads: string[] = [];
      const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        const href = String(url);
        const method = init?.method ?? (url instanceof Request ? url.method : "GET");
        if (method === "PATCH") return respond(200, [{ Id: 1 }]);
        if (href.includes("/meta/tables/md_t")) return respond(200, { id: "md_t", title: "T", columns });
        if (href.includes("/records/1")) {
          reads.push(href);
          return respond(200, { ...shown, ...edit });
        }
        return respond(200, { list: [shown], pageInfo: { totalRows: 1 } });
      });
      const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
      store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
      const args = { tableId: "md_t", offset: 0, limit: 100 };
      const table = store.dispatch(tablesApi.endpoints.table.initiate("md_t"));
      await table;
      const page = store.dispatch(recordsApi.endpoints.recordsPage.initiate(args));
      await page;
      await store
        .dispatch(recordsApi.endpoints.updateRecord.initiate({ tableId: "md_t", pkName: "Id", pk: 1, values: edit }))
        .unwrap();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(reads).toHaveLength(expected);
      expect(recordsApi.endpoints.recordsPage.select(args)(store.getState()).data?.list[0]).toEqual({ ...shown, ...edit });
      page.unsubscribe();
      table.unsubscribe();
    }
  });

  it("puts the old value back when the edit is refused", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? (_url instanceof Request ? _url.method : "GET");
      if (method === "PATCH") return respond(422, { msg: "Qty: not a number" });
      return respond(200, { list: [{ Id: 1, Qty: 2 }], pageInfo: { totalRows: 1 } });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch, notify: vi.fn() });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
    const args = { tableId: "md_t", offset: 0, limit: 100 };
    const page = store.dispatch(recordsApi.endpoints.recordsPage.initiate(args));
    await page;
    const result = await store.dispatch(
      recordsApi.endpoints.updateRecord.initiate({ tableId: "md_t", pkName: "Id", pk: 1, values: { Qty: "x" } }),
    );
    expect("error" in result).toBe(true);
    expect(recordsApi.endpoints.recordsPage.select(args)(store.getState()).data?.list[0]).toEqual({ Id: 1, Qty: 2 });
    page.unsubscribe();
  });

  it("reads a page of a table as a seek (an empty cursor), a shared view's by offset", async () => {
    const urls: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(url instanceof Request ? url.url : String(url));
      return respond(200, { list: [], pageInfo: { isLastPage: true } });
    });
    const store = makeStore({ fetch: fetch as unknown as typeof globalThis.fetch });
    store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
    await store.dispatch(recordsApi.endpoints.recordsPage.initiate({ tableId: "md_t", viewId: "vw_1", offset: 300, limit: 100 }, { subscribe: false }));
    await store.dispatch(
      recordsApi.endpoints.recordsPage.initiate({ tableId: "md_t", shared: { uuid: "u1" }, offset: 300, limit: 100 }, { subscribe: false }),
    );
    const own = new URL(urls[0], "http://x");
    expect(own.pathname).toBe("/api/v2/tables/md_t/records");
    expect(own.searchParams.get("cursor")).toBe("");
    expect(own.searchParams.get("offset")).toBe("300");
    expect(new URL(urls[1], "http://x").searchParams.has("cursor")).toBe(false);
  });
});
