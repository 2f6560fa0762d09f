import { describe, expect, it, vi } from "vitest";
import { createHttpClient, errorText, shouldRetry, type HttpClientOptions } from "./http";

type Call = { url: string; method: string; headers: Headers; credentials?: RequestCredentials };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? "" : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A fake fetch answering from a queue of responses, recording every call. */
function fakeFetch(...responses: (Response | Error)[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    });
    const next = responses.shift();
    if (!next) throw new Error("unexpected request " + String(input));
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A token the client reads as valid for an hour (claims only; the signature is the server's). */
function validToken(claims: Record<string, unknown> = {}): string {
  const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${enc({ alg: "HS256" })}.${enc({ sub: "u1", exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.sig`;
}

const SESSION_TOKEN = validToken();

function client(fetch: typeof globalThis.fetch, overrides: Partial<HttpClientOptions> = {}) {
  const state = { token: SESSION_TOKEN as string | null, signedOut: undefined as string | null | undefined, loading: 0, maxLoading: 0 };
  const http = createHttpClient({
    fetch,
    getToken: () => state.token,
    onToken: (t) => (state.token = t),
    onSignOut: (msg) => {
      state.token = null;
      state.signedOut = msg;
    },
    onRequestStart: () => {
      state.loading += 1;
      state.maxLoading = Math.max(state.maxLoading, state.loading);
    },
    onRequestEnd: () => (state.loading -= 1),
    ...overrides,
  });
  return { http, state };
}

describe("headers", () => {
  it("sends xc-gui always and xc-auth when signed in", async () => {
    const { fetch, calls } = fakeFetch(json(200, { ok: 1 }));
    const { http } = client(fetch);
    const result = await http.request({ url: "/api/v1/db/meta/projects", params: { limit: 10, skip: undefined } });
    expect(result.data).toEqual({ ok: 1 });
    expect(calls[0].url).toBe("/api/v1/db/meta/projects?limit=10");
    expect(calls[0].headers.get("xc-gui")).toBe("true");
    expect(calls[0].headers.get("xc-auth")).toBe(SESSION_TOKEN);
  });

  it("sends no xc-auth when signed out", async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const { http, state } = client(fetch);
    state.token = null;
    await http.request({ url: "/api/v1/db/meta/nocodb/info" });
    expect(calls[0].headers.has("xc-auth")).toBe(false);
  });

  it("sends no expired or undecodable token, and refreshes when the server then refuses", async () => {
    const { fetch, calls } = fakeFetch(json(200, {}), json(401, {}), json(200, { token: "fresh" }), json(200, { ok: 1 }));
    const { http, state } = client(fetch);
    state.token = "not-a-jwt";
    await http.request({ url: "/api/v1/db/public/shared-view/u1/meta" });
    expect(calls[0].headers.has("xc-auth")).toBe(false);
    state.token = validToken({ exp: Math.floor(Date.now() / 1000) - 1 });
    const result = await http.request({ url: "/api/v1/db/meta/projects" });
    expect(calls[1].headers.has("xc-auth")).toBe(false);
    expect(calls[2].url).toBe("/auth/refresh-token");
    expect(calls[3].headers.get("xc-auth")).toBe("fresh");
    expect(result.data).toEqual({ ok: 1 });
  });

  it("sends the preview-as role except on the refresh and current-user paths", async () => {
    const { fetch, calls } = fakeFetch(json(200, {}), json(200, {}));
    const { http } = client(fetch, { getPreviewAs: () => "editor" });
    await http.request({ url: "/api/v1/db/meta/projects" });
    await http.request({ url: "/api/v1/auth/user/me", params: { project_id: "p1" } });
    expect(calls[0].headers.get("xc-preview")).toBe("editor");
    expect(calls[1].headers.has("xc-preview")).toBe(false);
  });

  it("sends JSON bodies with their content type", async () => {
    const { fetch, calls } = fakeFetch(json(200, { id: "p1" }));
    const { http } = client(fetch);
    await http.request({ url: "/api/v1/db/meta/projects", method: "POST", body: { title: "A" } });
    expect(calls[0].method).toBe("POST");
    expect(calls[0].headers.get("content-type")).toBe("application/json");
  });
});

describe("401: refresh once and replay", () => {
  it("refreshes with credentials, then replays with the new token", async () => {
    const { fetch, calls } = fakeFetch(json(401, { msg: "Unauthorized" }), json(200, { token: "new-token" }), json(200, { list: [] }));
    const { http, state } = client(fetch);
    const result = await http.request({ url: "/api/v1/db/meta/projects" });
    expect(result.data).toEqual({ list: [] });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ["GET", "/api/v1/db/meta/projects"],
      ["POST", "/auth/refresh-token"],
      ["GET", "/api/v1/db/meta/projects"],
    ]);
    expect(calls[1].credentials).toBe("include");
    expect(calls[2].headers.get("xc-auth")).toBe("new-token");
    expect(state.token).toBe("new-token");
    expect(state.signedOut).toBeUndefined();
  });

  it("signs out with the server's message when the refresh fails, and does not replay", async () => {
    const { fetch, calls } = fakeFetch(json(401, { msg: "Unauthorized" }), json(401, { msg: "Refresh token expired" }));
    const { http, state } = client(fetch);
    const result = await http.request({ url: "/api/v1/db/meta/projects" });
    expect(result.error?.status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(state.token).toBeNull();
    expect(state.signedOut).toBe("Refresh token expired");
  });

  it("refreshes only once when the replay is a 401 again", async () => {
    const { fetch, calls } = fakeFetch(json(401, {}), json(200, { token: "t2" }), json(401, { msg: "still no" }));
    const { http } = client(fetch);
    const result = await http.request({ url: "/api/v1/x" });
    expect(result.error?.message).toBe("still no");
    expect(calls).toHaveLength(3);
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { fetch, calls } = fakeFetch(json(401, {}), json(401, {}), json(200, { token: "t2" }), json(200, { a: 1 }), json(200, { b: 2 }));
    const { http } = client(fetch);
    const [a, b] = await Promise.all([http.request({ url: "/api/a" }), http.request({ url: "/api/b" })]);
    expect(calls.filter((c) => c.url === "/auth/refresh-token")).toHaveLength(1);
    expect([a.data, b.data]).toEqual(expect.arrayContaining([{ a: 1 }, { b: 2 }]));
  });

  it.each(["/auth/google/genTokenByCode?code=a&scope=b", "/auth/github/genTokenByCode?code=a&state=github"])(
    "does not refresh on a refused OAuth exchange (%s)",
    async (url) => {
      const { fetch, calls } = fakeFetch(json(401, { msg: "Bad code" }));
      const { http, state } = client(fetch);
      const result = await http.request({ url, method: "POST" });
      expect(result.error?.message).toBe("Bad code");
      expect(calls).toHaveLength(1);
      expect(state.signedOut).toBeUndefined();
    },
  );

  it("does not refresh on a failed sign-in", async () => {
    const { fetch, calls } = fakeFetch(json(401, { msg: "Invalid credentials" }));
    const { http, state } = client(fetch);
    const result = await http.request({ url: "/api/v1/auth/user/signin", method: "POST", body: {} });
    expect(result.error?.message).toBe("Invalid credentials");
    expect(calls).toHaveLength(1);
    expect(state.signedOut).toBeUndefined();
  });
});

describe("retries", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries GET once on %i", async (status) => {
    const { fetch, calls } = fakeFetch(json(status, { msg: "busy" }), json(200, { ok: true }));
    const { http } = client(fetch);
    const result = await http.request({ url: "/api/v1/x" });
    expect(result.data).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it("retries only once", async () => {
    const { fetch, calls } = fakeFetch(json(503, { msg: "down" }), json(503, { msg: "still down" }));
    const { http } = client(fetch);
    const result = await http.request({ url: "/api/v1/x" });
    expect(result.error).toEqual({ status: 503, data: { msg: "still down" }, message: "still down" });
    expect(calls).toHaveLength(2);
  });

  it.each(["POST", "PATCH", "PUT", "DELETE"])("never retries %s", async (method) => {
    const { fetch, calls } = fakeFetch(json(503, { msg: "down" }));
    const { http } = client(fetch);
    const result = await http.request({ url: "/api/v1/x", method });
    expect(result.error?.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("does not retry other statuses", async () => {
    const { fetch, calls } = fakeFetch(json(400, { msg: "bad" }));
    const { http } = client(fetch);
    await http.request({ url: "/api/v1/x" });
    expect(calls).toHaveLength(1);
    expect(shouldRetry("get", 404)).toBe(false);
    expect(shouldRetry("head", 429)).toBe(true);
  });
});

describe("error text", () => {
  it("prefers msg, then message, then a generic text", () => {
    expect(errorText(400, { msg: "m", message: "x" })).toBe("m");
    expect(errorText(400, { message: "x" })).toBe("x");
    expect(errorText(500, null)).toBe("Some internal error occurred");
    expect(errorText(500, "<html>oops</html>")).toBe("Some internal error occurred");
  });

  it("parses a text body for msg", () => {
    expect(errorText(400, '{"msg":"from text"}')).toBe("from text");
  });

  it("uses the error's own message without a response, else a generic text", async () => {
    expect(errorText("FETCH_ERROR", null, "Failed to fetch")).toBe("Failed to fetch");
    expect(errorText("FETCH_ERROR", null, "")).toBe("Some error occurred");
    const { fetch } = fakeFetch(new TypeError("Network down"));
    const { http } = client(fetch);
    const result = await http.request({ url: "/api/v1/x" });
    expect(result.error).toEqual({ status: "FETCH_ERROR", message: "Network down" });
  });
});

describe("loading flag", () => {
  it("is held during a refresh the session clock starts on its own", async () => {
    const { fetch } = fakeFetch(json(200, { token: "t2" }));
    const { http, state } = client(fetch);
    const pending = http.refresh();
    expect(state.loading).toBe(1);
    expect(await pending).toBe("t2");
    expect(state.loading).toBe(0);
  });

  it("is held while requests run and released after, even on errors", async () => {
    const { fetch } = fakeFetch(json(200, {}), json(400, {}));
    const { http, state } = client(fetch);
    await Promise.all([http.request({ url: "/a" }), http.request({ url: "/b" })]);
    expect(state.maxLoading).toBe(2);
    expect(state.loading).toBe(0);
  });
});

describe("file downloads (blob responses)", () => {
  it("hands back the body as a Blob, with the usual headers", async () => {
    const csv = new Response("a,b\n1,2\n", { status: 200, headers: { "content-type": "text/csv" } });
    const { fetch, calls } = fakeFetch(csv);
    const { http } = client(fetch);
    const result = await http.request<Blob>({ url: "/api/v1/db/public/shared-view/u1/rows/export/csv", responseType: "blob" });
    expect(result.data?.type).toBe("text/csv");
    expect(await result.data!.text()).toBe("a,b\n1,2\n");
    expect(calls[0].headers.get("xc-gui")).toBe("true");
  });

  it("parses an error body for msg, whatever its content type", async () => {
    const refused = new Response('{"msg":"CSV download is not allowed"}', {
      status: 403,
      headers: { "content-type": "application/octet-stream" },
    });
    const { fetch } = fakeFetch(refused);
    const { http } = client(fetch);
    const result = await http.request({ url: "/x.csv", responseType: "blob" });
    expect(result.error?.message).toBe("CSV download is not allowed");
  });

  it("retries a download like any GET", async () => {
    const { fetch, calls } = fakeFetch(json(503, {}), new Response("ok", { status: 200 }));
    const { http } = client(fetch);
    const result = await http.request<Blob>({ url: "/x.csv", responseType: "blob" });
    expect(await result.data!.text()).toBe("ok");
    expect(calls).toHaveLength(2);
  });
});
