// The record writer a view holds: its writes draw the view again only through the data they
// change (not as each request starts and ends), and leave no request state behind.
import { act, waitFor } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { defaultSettings } from "../../features/settings/settings";
import { settingsLoaded } from "../../features/settings/settingsSlice";
import { renderWithProviders } from "../../test/renderWithProviders";
import type { RecordWriter } from "../hostApi";
import { useRecordWriter } from "./records";

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("record writer", () => {
  it("writes without drawing its view again, and answers the server's refusal", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "PATCH" && String(init.body).includes('"bad"')
        ? respond(422, { msg: "Qty: not a number" })
        : respond(200, [{ Id: 1 }]),
    );
    let writer: RecordWriter | null = null;
    let draws = 0;
    function View() {
      const count = useRef(0);
      count.current += 1;
      draws = count.current;
      writer = useRecordWriter({ id: "md_t", pkName: "Id" });
      return null;
    }
    const { store } = renderWithProviders(<View />, { fetch: fetch as unknown as typeof globalThis.fetch });
    act(() => void store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" })));
    const before = draws;
    let saved: Awaited<ReturnType<RecordWriter["update"]>> | null = null;
    await act(async () => {
      saved = await writer!.update(1, { Qty: 3 });
    });
    expect(saved).toEqual({ data: [{ Id: 1 }] });
    let refused: Awaited<ReturnType<RecordWriter["update"]>> | null = null;
    await act(async () => {
      refused = await writer!.update(1, { Qty: "bad" });
    });
    expect(refused).toEqual({ error: { status: 422, message: "Qty: not a number" } });
    expect(draws).toBe(before);
    await waitFor(() => expect(Object.keys(store.getState().api.mutations)).toEqual([]));
  });
});
