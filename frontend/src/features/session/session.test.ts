import { describe, expect, it } from "vitest";
import { REFRESH_MIN_GAP_MS, SESSION_CHECK_INTERVAL_MS, TOKEN_REFRESH_MARGIN_S } from "../../app/constants";
import { decodeToken, isTokenValid, isTokenExpired, refreshDue, rolesMap } from "./token";
import { SETTINGS_KEY, defaultSettings, mergeSettings, readSettings, writeSettings, writeSettingsChanges } from "../settings/settings";

export function makeToken(claims: Record<string, unknown>): string {
  const enc = (v: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(v))))
      .replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${enc({ alg: "HS256", typ: "JWT" })}.${enc(claims)}.signature`;
}

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;

describe("token", () => {
  it("decodes claims, including non-ASCII ones", () => {
    const token = makeToken({ sub: "u1", email: "zoë@example.com", exp: inSeconds(60) });
    expect(decodeToken(token)).toMatchObject({ sub: "u1", email: "zoë@example.com" });
  });

  it("rejects empty and undecodable tokens", () => {
    expect(decodeToken("")).toBeNull();
    expect(decodeToken("abc")).toBeNull();
    expect(decodeToken("a.%%%.c")).toBeNull();
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid("a.b.c", NOW)).toBe(false);
  });

  it("is valid only until its expiry", () => {
    expect(isTokenValid(makeToken({ exp: inSeconds(1) }), NOW)).toBe(true);
    expect(isTokenValid(makeToken({ exp: inSeconds(0) }), NOW)).toBe(false);
    expect(isTokenValid(makeToken({ sub: "no-exp" }), NOW)).toBe(false);
  });

  it("is refreshed when fewer than 5 minutes remain or it has expired, once per token", () => {
    const fresh = makeToken({ exp: inSeconds(TOKEN_REFRESH_MARGIN_S + 1) });
    const ending = makeToken({ exp: inSeconds(TOKEN_REFRESH_MARGIN_S - 1) });
    const expired = makeToken({ exp: inSeconds(-1) });
    const longAgo = NOW - REFRESH_MIN_GAP_MS;
    expect(refreshDue(fresh, NOW, null)).toBe(false);
    expect(refreshDue(ending, NOW, null)).toBe(true);
    expect(refreshDue(expired, NOW, null)).toBe(true);
    expect(refreshDue(ending, NOW, { token: ending, at: longAgo })).toBe(false);
    expect(refreshDue(ending, NOW, { token: expired, at: longAgo })).toBe(true);
    expect(refreshDue(null, NOW, null)).toBe(false);
    expect(refreshDue(makeToken({ sub: "no-exp" }), NOW, null)).toBe(false);
  });

  it("is not refreshed again within the minimum gap (a client clock ahead of the server's)", () => {
    const first = makeToken({ exp: inSeconds(60), n: 1 });
    const second = makeToken({ exp: inSeconds(60), n: 2 });
    expect(refreshDue(second, NOW, { token: first, at: NOW - REFRESH_MIN_GAP_MS + 1 })).toBe(false);
    expect(refreshDue(second, NOW, { token: first, at: NOW - REFRESH_MIN_GAP_MS })).toBe(true);
  });

  it("counts as expired (to be renewed) only with an expiry that has passed", () => {
    expect(isTokenExpired(makeToken({ exp: inSeconds(0) }), NOW)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: inSeconds(1) }), NOW)).toBe(false);
    expect(isTokenExpired(makeToken({ sub: "no-exp" }), NOW)).toBe(false);
    expect(isTokenExpired("a.b.c", NOW)).toBe(false);
    expect(isTokenExpired(null, NOW)).toBe(false);
  });

  it("is checked on the 100 ms clock tick", () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(100);
  });

  it("turns roles into a map from a string, a list or a map", () => {
    expect(rolesMap("super, org-level-creator")).toEqual({ super: true, "org-level-creator": true });
    expect(rolesMap(["editor"])).toEqual({ editor: true });
    expect(rolesMap({ owner: true, viewer: false })).toEqual({ owner: true });
    expect(rolesMap(undefined)).toEqual({});
  });
});

describe("local settings", () => {
  it("defaults: no token, browser language, dark mode off, filter auto-save on", () => {
    expect(defaultSettings(["de-AT", "en"])).toMatchObject({
      token: null,
      lang: "de",
      darkMode: false,
      filterAutoSave: true,
      previewAs: null,
      includeM2M: false,
    });
    expect(defaultSettings(["xx"]).lang).toBe("en");
  });

  it("merges stored values over the defaults and drops invalid ones", () => {
    const merged = mergeSettings({ token: "t", lang: "klingon", darkMode: true, filterAutoSave: false, extra: 1 }, ["fr"]);
    expect(merged.token).toBe("t");
    expect(merged.lang).toBe("en");
    expect(merged.darkMode).toBe(false);
    expect(merged.filterAutoSave).toBe(false);
    expect(merged).not.toHaveProperty("extra");
  });

  it("takes the browser's language when none is stored, and en for an unsupported stored one", () => {
    expect(mergeSettings({ token: "t" }, ["fr-CA"]).lang).toBe("fr");
    expect(mergeSettings({ lang: "xx" }, ["fr-CA"]).lang).toBe("en");
    expect(mergeSettings({ lang: null }, ["de"]).lang).toBe("en");
    expect(mergeSettings({ lang: "pt_BR" }, ["de"]).lang).toBe("pt_BR");
  });

  it("survives corrupt storage and round-trips through it", () => {
    const store = new Map<string, string>([[SETTINGS_KEY, "{not json"]]);
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readSettings(storage, ["ja"]).lang).toBe("ja");
    writeSettings(storage, { ...defaultSettings(), token: "abc", lang: "pt_BR" });
    expect(readSettings(storage)).toMatchObject({ token: "abc", lang: "pt_BR" });
  });

  it("stores only what a change changed, over what another tab stored meanwhile", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const page = { ...defaultSettings(), token: null, lang: "en" as const };
    // Another tab signs in after this page read its settings.
    writeSettings(storage, { ...page, token: "other-tab" });
    // This page's feedback poll answers: the other tab's token stays.
    const polled = { ...page, feedbackForm: { lastFormPollDate: "2026-11-28T12:00:00Z" } };
    writeSettingsChanges(storage, page, polled);
    expect(readSettings(storage)).toMatchObject({
      token: "other-tab",
      feedbackForm: { lastFormPollDate: "2026-11-28T12:00:00Z" },
    });
    // This page signing out does clear the token.
    writeSettingsChanges(storage, { ...polled, token: "mine" }, polled);
    expect(readSettings(storage).token).toBeNull();
    // With nothing (or nothing readable) stored, the whole settings are written.
    store.set(SETTINGS_KEY, "{not json");
    writeSettingsChanges(storage, page, { ...page, lang: "de" });
    expect(readSettings(storage)).toMatchObject({ lang: "de", filterAutoSave: true });
  });
});
