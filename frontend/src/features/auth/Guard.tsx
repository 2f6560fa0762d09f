// Runs the route guard on every navigation once the local settings are loaded. Until then
// (server render and hydration) it reports `allowed = false`, so pages render their neutral
// shell and fire no requests.
import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { useLocation, useNavigate, useParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import type { RouteMeta } from "../../routeTable";
import { useAppInfoQuery } from "../session/api";
import { selectSettingsLoaded, selectToken } from "../settings/settingsSlice";
import { notify } from "../ui/notify";
import { decodeToken, isTokenExpired, isTokenValid, rolesMap } from "../session/token";
import { guardRoute } from "./guard";

const AllowedContext = createContext(false);

/** True once the guard has let the current route through (pages fetch only then). */
export function useAllowed(): boolean {
  return useContext(AllowedContext);
}

/** The last route the user was allowed on, shared by all guards of the app. */
export const PreviousRouteContext = createContext<{ current: { path: string; noAuth: boolean } | null }>({
  current: null,
});

export function useSignedIn(): boolean {
  const token = useAppSelector(selectToken);
  const loaded = useAppSelector(selectSettingsLoaded);
  return loaded && isTokenValid(token, Date.now());
}

export function Guard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const loaded = useAppSelector(selectSettingsLoaded);
  const token = useAppSelector(selectToken);
  const signedIn = useSignedIn();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const previous = useContext(PreviousRouteContext);
  const needsInfo = loaded && !signedIn && !meta.public && !meta.noAuth;
  // An expired token is being renewed from the refresh cookie (the session clock tries at
  // once): wait for the outcome rather than send a deep link to the sign-in page.
  const renewing =
    loaded && !meta.public && params.projectType !== "base" && isTokenExpired(token, Date.now());
  const { data: appInfo } = useAppInfoQuery(undefined, { skip: !needsInfo });
  const decision =
    loaded && !renewing && (!needsInfo || appInfo)
      ? guardRoute({
          meta,
          params,
          signedIn,
          firstUser: appInfo?.firstUser ?? false,
          roles: rolesMap(decodeToken(token)?.roles),
          previous: previous.current,
        })
      : undefined;
  const allowed = decision === null;
  const path = location.pathname + location.search;
  const lastNavigated = useRef<string | null>(null);

  useEffect(() => {
    if (decision && lastNavigated.current !== path) {
      lastNavigated.current = path;
      if (decision.error) notify(intl.formatMessage({ id: decision.error }), "danger");
      navigate(decision.to, { replace: true });
    }
    if (decision === null) {
      lastNavigated.current = null;
      previous.current = { path, noAuth: !!meta.noAuth };
    }
  }, [decision, path, navigate, intl, previous, meta.noAuth]);

  // The page's first script hides the sign-in pages' card from a visitor with a valid
  // session (they are sent on); once a page is let through, it shows as it is.
  useEffect(() => {
    if (allowed) document.documentElement.classList.remove("wb-session");
  }, [allowed]);

  useEffect(() => {
    if (loaded) {
      const name = intl.formatMessage({ id: "app.name" });
      document.title = meta.title ? `${intl.formatMessage({ id: meta.title })} | ${name}` : name;
    }
  }, [loaded, meta.title, intl]);

  return <AllowedContext.Provider value={allowed}>{children}</AllowedContext.Provider>;
}
