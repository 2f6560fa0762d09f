// Client-only session duties, started after hydration: load the local settings, keep the
// token fresh (refresh when under 5 minutes remain), follow the language setting.
import { useEffect } from "react";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks";
import { SESSION_CHECK_INTERVAL_MS } from "../../app/constants";
import { localeLoaded } from "../i18n/localeSlice";
import { direction } from "../i18n/locales";
import { loadMessages } from "../i18n/messages";
import { readSettings } from "../settings/settings";
import { selectLang, selectSettingsLoaded, selectToken, settingsLoaded, signedOut } from "../settings/settingsSlice";
import { decodeToken, isTokenValid, needsRefresh } from "./token";

export const LANG_COOKIE = "wb_lang";

export function SessionManager() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const loaded = useAppSelector(selectSettingsLoaded);
  const token = useAppSelector(selectToken);
  const lang = useAppSelector(selectLang);
  const currentLang = useAppSelector((s) => s.locale.lang);

  useEffect(() => {
    const settings = readSettings(window.localStorage, navigator.languages);
    const { token: stored } = settings;
    // An expired token may still be renewed from the refresh cookie.
    const expired = !!stored && !isTokenValid(stored, Date.now());
    if (stored && !decodeToken(stored)) settings.token = null;
    dispatch(settingsLoaded(settings));
    if (expired) void store.http.refresh();
  }, [dispatch, store]);

  useEffect(() => {
    if (!loaded || !token) return;
    const check = () => {
      if (needsRefresh(token, Date.now())) void store.http.refresh();
      else if (!isTokenValid(token, Date.now())) dispatch(signedOut());
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [loaded, token, store, dispatch]);

  useEffect(() => {
    if (!loaded) return;
    document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
    if (lang === currentLang) return;
    let cancelled = false;
    void loadMessages(lang).then((result) => {
      if (!cancelled) dispatch(localeLoaded(result));
    });
    return () => {
      cancelled = true;
    };
  }, [loaded, lang, currentLang, dispatch]);

  useEffect(() => {
    document.documentElement.lang = currentLang.replace("_", "-");
    document.documentElement.dir = direction(currentLang);
  }, [currentLang]);

  return null;
}
