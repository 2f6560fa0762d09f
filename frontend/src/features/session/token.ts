// Reading the session token (a JWT): its claims and expiry. The signature is the server's
// business; the client only needs to know whether the token is usable and when to refresh.
import { REFRESH_MIN_GAP_MS, TOKEN_REFRESH_MARGIN_S } from "../../app/constants";

export interface TokenClaims {
  sub?: string;
  email?: string;
  roles?: string;
  exp?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims, or null if it is not a decodable JWT. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Signed in only if the token is non-empty, decodable and expires later than now. */
export function isTokenValid(token: string | null | undefined, nowMs: number): boolean {
  const claims = decodeToken(token);
  return !!claims && typeof claims.exp === "number" && claims.exp * 1000 > nowMs;
}

/** A token that was valid and has run out: the refresh cookie may still renew it, which the
 * session clock tries at once (a token without expiry never counts as expired here). */
export function isTokenExpired(token: string | null | undefined, nowMs: number): boolean {
  const claims = decodeToken(token);
  return !!claims && typeof claims.exp === "number" && claims.exp * 1000 <= nowMs;
}

/** The session clock's last refresh: for which token, and when (ms). */
export interface LastRefresh {
  token: string;
  at: number;
}

/**
 * One tick of the session clock: a token with fewer than 5 minutes left, or
 * already expired (the refresh cookie may still renew it), is refreshed; the refresh brings a
 * new token or signs the user out. Each token is refreshed once, and refreshes are at least
 * REFRESH_MIN_GAP_MS apart, so that a client clock running ahead of the server's cannot
 * turn the clock into a stream of refreshes.
 */
export function refreshDue(token: string | null | undefined, nowMs: number, last: LastRefresh | null): boolean {
  if (!token) return false;
  if (last && (last.token === token || nowMs - last.at < REFRESH_MIN_GAP_MS)) return false;
  const claims = decodeToken(token);
  if (!claims || typeof claims.exp !== "number") return false;
  return claims.exp * 1000 - nowMs < TOKEN_REFRESH_MARGIN_S * 1000;
}

/** Roles as a map: the claim may be a comma-separated string or already a map. */
export function rolesMap(roles: unknown): Record<string, boolean> {
  if (!roles) return {};
  if (typeof roles === "string") {
    return Object.fromEntries(roles.split(",").map((r) => r.trim()).filter(Boolean).map((r) => [r, true]));
  }
  if (Array.isArray(roles)) return Object.fromEntries(roles.map((r) => [String(r), true]));
  if (typeof roles === "object") {
    return Object.fromEntries(Object.entries(roles as Record<string, unknown>).filter(([, v]) => !!v).map(([k]) => [k, true]));
  }
  return {};
}
