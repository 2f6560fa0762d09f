// An OAuth provider sends the user back with `code` plus `scope` or `state`;
// the client exchanges them for a token, with the original query string appended, then
// removes the query string. The provider is the one the state names: a state `<name>.…` is
// sign-in provider `name`'s (single sign-on plugins), `github` is GitHub's, anything else
// Google's.

export interface OAuthReturn {
  url: string;
}

export function oauthReturn(search: string): OAuthReturn | null {
  const params = new URLSearchParams(search);
  if (!params.get("code") || !(params.has("scope") || params.has("state"))) return null;
  const state = params.get("state") ?? "";
  const named = /^([a-z][a-z0-9_]*)\./.exec(state);
  const provider = named ? named[1] : state === "github" ? "github" : "google";
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
