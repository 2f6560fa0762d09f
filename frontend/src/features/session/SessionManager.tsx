// Client-only session duties, started after hydration: load the local settings, keep the
// token fresh (refresh when under 5 minutes remain), finish an OAuth return, keep the
// realtime socket on the current token (its live changes applied to the store), follow the
// language setting (and, on a sign-in, the account's).
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks";
import { SESSION_CHECK_INTERVAL_MS } from "../../app/constants";
import { localeLoaded } from "../i18n/localeSlice";
import { direction } from "../i18n/locales";
import { loadMessages } from "../i18n/messages";
import { readSettings } from "../settings/settings";
import {
  feedbackPolled,
  selectLang,
  selectSettingsLoaded,
  selectToken,
  settingsLoaded,
  tokenChanged,
} from "../settings/settingsSlice";
import { nextFeedbackForm, shouldPollFeedback, type FeedbackResponse } from "../settings/feedback";
import { pageInfo } from "../realtime/pageInfo";
import { basePath, stripBase } from "../../app/basePath";
import { RealtimeClient, socketUrl, type RealtimeState } from "../realtime/realtimeClient";
import { LiveUpdates } from "../realtime/liveUpdates";
import { handleImportMessage } from "../imports/importEvents";
import { liveBus } from "../realtime/liveBus";
import { connectionChanged, selectOpenTableId, socketReady } from "../realtime/realtimeSlice";
import { notify } from "../ui/notify";
import { oauthFailureMessage, oauthReturn } from "./oauth";
import { decodeToken, isTokenValid, refreshDue, type LastRefresh } from "./token";
import { useAccountLanguage } from "./useAccountLanguage";

declare global {
  interface Window {
    __wbRealtimeState?: RealtimeState;
    /** The page the server last acknowledged (browser tests wait for it). */
    __wbRealtimePage?: unknown;
  }
}

export const LANG_COOKIE = "wb_lang";

export function SessionManager() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const loaded = useAppSelector(selectSettingsLoaded);
  const token = useAppSelector(selectToken);
  const lang = useAppSelector(selectLang);
  const currentLang = useAppSelector((s) => s.locale.lang);
  const location = useLocation();
  const navigate = useNavigate();
  const openTableId = useAppSelector(selectOpenTableId);
  const realtime = useRef<RealtimeClient | null>(null);

  useEffect(() => {
    const settings = readSettings(window.localStorage, navigator.languages);
    // An undecodable token is dropped; an expired one may still be renewed from the refresh
    // cookie, which the session clock tries at once.
    if (settings.token && !decodeToken(settings.token)) settings.token = null;
    dispatch(settingsLoaded(settings));
    // The feedback form poll; its failures are ignored.
    if (shouldPollFeedback(settings.feedbackForm.lastFormPollDate, Date.now())) {
      void store.http.request<FeedbackResponse>({ url: "/api/v1/feedback_form" }).then((result) => {
        const previous = store.getState().settings.values.feedbackForm;
        dispatch(feedbackPolled(nextFeedbackForm(previous, result.data ?? { error: true }, new Date().toISOString())));
      });
    }
  }, [dispatch, store]);

  // OAuth return: exchange the code for a token, then drop the query string (unless the
  // guard has moved on to another address meanwhile). Each return is exchanged once.
  const exchanged = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const search = window.location.search;
    const exchange = oauthReturn(search);
    if (!exchange || exchanged.current === search) return;
    exchanged.current = search;
    void store.http.request<{ token?: string }>({ url: exchange.url, method: "POST" }).then((result) => {
      if (result.data?.token) dispatch(tokenChanged(result.data.token));
      else if (result.error) {
        const message = oauthFailureMessage(result.error);
        if (message) notify(message, "danger");
      }
      if (window.location.search === search) navigate(stripBase(window.location.pathname), { replace: true });
    });
  }, [loaded, store, dispatch, navigate]);

  useEffect(() => {
    const live = new LiveUpdates({ dispatch: store.dispatch, getState: store.getState, bus: liveBus });
    const client = new RealtimeClient({
      url: socketUrl(window.location, basePath()),
      onState: (state) => {
        window.__wbRealtimeState = state;
        dispatch(connectionChanged(state));
      },
      onMessage: (message) => {
        if (message.event === "ready") dispatch(socketReady(typeof message.user_id === "string" ? message.user_id : null));
        if (message.event === "ack" && message.of === "page") window.__wbRealtimePage = message.page;
        live.handle(message);
        handleImportMessage(message);
      },
      // The session ended elsewhere (sign-out, password change): a new token from the
      // refresh cookie, or the sign-out that a failed refresh brings.
      onUnauthorized: () => void store.http.refresh(),
    });
    realtime.current = client;
    return () => {
      client.setToken(null);
      live.dispose();
      realtime.current = null;
    };
  }, [store, dispatch]);

  useEffect(() => {
    if (loaded) realtime.current?.setToken(isTokenValid(token, Date.now()) ? token : null);
  }, [loaded, token]);

  useEffect(() => {
    const { path, type, pid } = pageInfo(location.pathname, location.search);
    realtime.current?.page(path, type, pid, pid ? openTableId : null);
  }, [location.pathname, location.search, openTableId]);

  // The session clock: refresh when fewer than 5 minutes remain (once per token).
  const lastRefresh = useRef<LastRefresh | null>(null);
  useEffect(() => {
    if (!loaded || !token) return;
    const check = () => {
      const now = Date.now();
      if (!refreshDue(token, now, lastRefresh.current)) return;
      lastRefresh.current = { token, at: now };
      void store.http.refresh();
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [loaded, token, store]);

  useAccountLanguage(loaded, token);

  useEffect(() => {
    if (!loaded) return;
    document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; path=${basePath() || "/"}; max-age=31536000; samesite=lax`;
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
