// An OAuth provider sends the user back with `code` plus `scope` or `state`;
// the client exchanges them for a token (github when state=github, else google), with the
// original query string appended, then removes the query string.

export interface OAuthReturn {
  url: string;
}

export function oauthReturn(search: string): OAuthReturn | null {
  const params = new URLSearchParams(search);
  if (!params.get("code") || !(params.has("scope") || params.has("state"))) return null;
  const provider = params.get("state") === "github" ? "github" : "google";
  const query = search.startsWith("?") ? search : `?${search}`;
  return { url: `/auth/${provider}/genTokenByCode${query}` };
}

/** A failed exchange shows the server's message, if it sent one; nothing otherwise. */
export function oauthFailureMessage(error: { status: number | "FETCH_ERROR"; data?: unknown }): string | null {
  if (error.status === "FETCH_ERROR") return null;
  let body = error.data;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (!body || typeof body !== "object") return null;
  const { msg, message } = body as { msg?: unknown; message?: unknown };
  if (typeof msg === "string" && msg) return msg;
  return typeof message === "string" && message ? message : null;
}
