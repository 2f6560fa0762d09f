// A sign-in on this device takes the account's language (the one its owner chose on another
// device, or the app's at sign-up): the token going from none to one while the page is open
// asks for the account once. A page opened already signed in keeps the language it shows.
import { useEffect, useRef } from "react";
import { useAppDispatch, useAppStore } from "../../app/hooks";
import { isSupported } from "../i18n/locales";
import { langChanged } from "../settings/settingsSlice";

export function useAccountLanguage(loaded: boolean, token: string | null) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const signedIn = useRef<boolean | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const before = signedIn.current;
    signedIn.current = Boolean(token);
    if (before !== false || !token) return;
    void store.http.request<{ lang?: string | null }>({ url: "/api/v1/auth/user/me" }).then((result) => {
      const lang = result.data?.lang;
      if (isSupported(lang) && lang !== store.getState().settings.values.lang) dispatch(langChanged(lang));
    });
  }, [loaded, token, store, dispatch]);
}
