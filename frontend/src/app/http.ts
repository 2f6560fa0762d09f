// The HTTP client every server call goes through:
// - headers: xc-gui on every request, xc-auth with the token while it is valid, xc-preview with
//   the preview-as role (not on the refresh and current-user paths), xc-shared-base-id;
// - a 401 triggers one token refresh (shared by concurrent callers) and one replay; a failed
//   refresh signs the user out;
// - 408/409/425/429/500/502/503/504 are retried once, never for POST/PATCH/PUT/DELETE;
// - a global loading flag: onRequestStart/onRequestEnd bracket every logical request.
import { isTokenValid } from "../features/session/token";
import { NO_RETRY_METHODS, RETRY_STATUSES } from "./constants";

/** POST /auth/refresh-token, no body, with credentials (the refresh cookie). */
export const REFRESH_PATH = "/auth/refresh-token";

export interface HttpRequest {
  url: string;
  method?: string;
  body?: unknown;
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** "blob" for a file download: a successful body comes back as a Blob (an error body is
   * still read as text and parsed for msg); "stream": a successful response comes back
   * unread (its body to read as it arrives). */
  responseType?: "json" | "blob" | "stream";
  /** Aborts the request (and the reading of a streamed body). */
  signal?: AbortSignal;
}

export interface HttpError {
  /** HTTP status, or "FETCH_ERROR" when no response arrived. */
  status: number | "FETCH_ERROR";
  data?: unknown;
  /** The text to show, per the rules. */
  message: string;
}

export type HttpResult<T = unknown> = { data: T; error?: undefined } | { data?: undefined; error: HttpError };

export interface HttpClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken(): string | null;
  getPreviewAs?(): string | null;
  getSharedBaseId?(): string | null;
  /** The password of a protected shared base (sent as xc-password on its routes). */
  getSharedBasePassword?(): string | null;
  /** A refresh produced a new token. */
  onToken(token: string): void;
  /** The refresh failed: sign out; `message` is the server's text if it gave one. */
  onSignOut(message: string | null): void;
  onRequestStart?(): void;
  onRequestEnd?(): void;
}

export interface HttpClient {
  request<T = unknown>(req: HttpRequest): Promise<HttpResult<T>>;
  /** Exchange the refresh cookie for a new token; null if that failed (the user is then signed out). */
  refresh(): Promise<string | null>;
}

/** Msg, then message, else a generic text; without a response, the error's own message. */
export function errorText(status: number | "FETCH_ERROR", data: unknown, ownMessage?: string): string {
  if (status === "FETCH_ERROR") return ownMessage || "Some error occurred";
  const body = typeof data === "string" ? tryParse(data) : data;
  if (body && typeof body === "object") {
    const { msg, message } = body as { msg?: unknown; message?: unknown };
    if (typeof msg === "string" && msg) return msg;
    if (typeof message === "string" && message) return message;
  }
  return "Some internal error occurred";
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function shouldRetry(method: string, status: number): boolean {
  return (
    !(NO_RETRY_METHODS as readonly string[]).includes(method.toUpperCase()) &&
    (RETRY_STATUSES as readonly number[]).includes(status)
  );
}

const NO_PREVIEW_PATHS = [REFRESH_PATH, "/user/me"];
// Answers about the credentials just sent (a sign-in, an OAuth code), not about the session.
const NO_REFRESH_ON_401 = [
  REFRESH_PATH,
  "/auth/user/signin",
  "/auth/user/signup",
  "/auth/user/signout",
  "/auth/google/genTokenByCode",
  "/auth/github/genTokenByCode",
];

function buildUrl(baseUrl: string, req: HttpRequest): string {
  let url = baseUrl.replace(/\/$/, "") + req.url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(req.params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  if (qs) url += (url.includes("?") ? "&" : "?") + qs;
  return url;
}

async function readBody(response: Response, responseType: HttpRequest["responseType"]): Promise<unknown> {
  if (responseType === "blob" && response.ok) return response.blob();
  if (responseType === "stream" && response.ok) return response;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) return tryParse(text) ?? text;
  return text;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? "";
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let refreshing: Promise<string | null> | null = null;

  function headersFor(req: HttpRequest, token: string | null): Headers {
    const headers = new Headers(req.headers);
    headers.set("xc-gui", "true");
    if (token) headers.set("xc-auth", token);
    const previewAs = options.getPreviewAs?.();
    if (previewAs && !NO_PREVIEW_PATHS.some((p) => req.url.split("?")[0].endsWith(p))) headers.set("xc-preview", previewAs);
    const sharedBase = options.getSharedBaseId?.();
    if (sharedBase) {
      headers.set("xc-shared-base-id", sharedBase);
      const password = options.getSharedBasePassword?.();
      if (password && !headers.has("xc-password")) headers.set("xc-password", password);
    }
    if (req.body !== undefined && !(req.body instanceof FormData)) headers.set("content-type", "application/json");
    return headers;
  }

  async function send(req: HttpRequest, token: string | null): Promise<{ status: number; data: unknown } | HttpError> {
    const method = (req.method ?? "GET").toUpperCase();
    const init: RequestInit = { method, headers: headersFor(req, token), credentials: "include", signal: req.signal };
    if (req.body !== undefined) init.body = req.body instanceof FormData ? req.body : JSON.stringify(req.body);
    try {
      const response = await doFetch(buildUrl(baseUrl, req), init);
      return { status: response.status, data: await readBody(response, req.responseType) };
    } catch (e) {
      return { status: "FETCH_ERROR", message: errorText("FETCH_ERROR", null, (e as Error)?.message) };
    }
  }

  async function sendWithRetry(req: HttpRequest, token: string | null) {
    const method = (req.method ?? "GET").toUpperCase();
    const first = await send(req, token);
    if (typeof first.status === "number" && shouldRetry(method, first.status)) return send(req, token);
    return first;
  }

  function refresh(): Promise<string | null> {
    if (!refreshing) {
      // A refresh is a request like any other for the loading flag (also when the session
      // clock starts it on its own).
      options.onRequestStart?.();
      refreshing = (async () => {
        const result = await send({ url: REFRESH_PATH, method: "POST" }, null);
        const token =
          typeof result.status === "number" && result.status < 300 && "data" in result
            ? ((result.data as { token?: unknown } | null)?.token ?? null)
            : null;
        if (typeof token === "string" && token) {
          options.onToken(token);
          return token;
        }
        const message =
          result.status === "FETCH_ERROR"
            ? (result as HttpError).message
            : errorText(result.status, (result as { data: unknown }).data);
        options.onSignOut(message === "Some internal error occurred" ? null : message);
        return null;
      })().finally(() => {
        refreshing = null;
        options.onRequestEnd?.();
      });
    }
    return refreshing;
  }

  async function request<T>(req: HttpRequest): Promise<HttpResult<T>> {
    options.onRequestStart?.();
    try {
      // The token goes along only while signed in (decodable, not expired); an
      // expired one would make the server refuse even public and shared-base calls.
      const stored = options.getToken();
      let result = await sendWithRetry(req, stored && isTokenValid(stored, Date.now()) ? stored : null);
      const path = req.url.split("?")[0];
      // Public shared views answer for themselves (their password); a 401 there is no session matter.
      const isPublic = path.startsWith("/api/v1/db/public/") || path.startsWith("/api/v2/public/");
      if (result.status === 401 && !isPublic && !NO_REFRESH_ON_401.some((p) => path.endsWith(p))) {
        const token = await refresh();
        if (token) result = await sendWithRetry(req, token);
      }
      if (result.status === "FETCH_ERROR") return { error: result as HttpError };
      const { status, data } = result as { status: number; data: unknown };
      if (status >= 400) return { error: { status, data, message: errorText(status, data) } };
      return { data: data as T };
    } finally {
      options.onRequestEnd?.();
    }
  }

  return { request, refresh };
}
