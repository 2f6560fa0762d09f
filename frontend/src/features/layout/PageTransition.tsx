// The out-in page transition: when the route's page changes, the old page fades out
// first, then the new one fades in (`.wb-page-transition` in styles.css). Moves within one page
// (another table of the same project, ...) switch at once, and so does everything when the
// user prefers reduced motion. The first render shows the current location, so the server's
// HTML and hydration agree.
import { createContext, useContext, useEffect, useState } from "react";
import { matchPath, useLocation, type Location } from "react-router";
import { ROUTES } from "../../routeTable";

/** How long the leaving page takes to fade out (matches `.wb-page-out` in styles.css). */
export const OUT_MS = 120;

export type Stage = "in" | "out";

const StageContext = createContext<Stage>("in");

export function usePageStage(): Stage {
  return useContext(StageContext);
}

export const PageStageProvider = StageContext.Provider;

/** The page a path shows (its route table entry's page), "notFound" for unknown paths. */
export function pageOf(pathname: string): string {
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return route?.page ?? "notFound";
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** The location to render and the stage of the transition. */
export function useOutInLocation(): { location: Location; stage: Stage } {
  const location = useLocation();
  const [shown, setShown] = useState(location);
  const samePage = pageOf(location.pathname) === pageOf(shown.pathname);
  const leaving = !samePage && !prefersReducedMotion();
  useEffect(() => {
    if (location === shown) return;
    if (!leaving) {
      setShown(location);
      return;
    }
    const timer = setTimeout(() => setShown(location), OUT_MS);
    return () => clearTimeout(timer);
  }, [location, shown, leaving]);
  if (!leaving) return { location, stage: "in" };
  return { location: shown, stage: "out" };
}
