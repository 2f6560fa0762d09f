// The `page` message of the realtime socket: the path, the `type` query parameter
// and the project id of the route (the server sends a project's live changes to the pages
// showing that project).
import { matchPath } from "react-router";
import { ROUTES } from "../../routeTable";

export interface PageInfo {
  path: string;
  type: string | null;
  pid: string | null;
}

export function pageInfo(pathname: string, search: string): PageInfo {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  const pid = route ? (matchPath(route.path, pathname)?.params.projectId ?? null) : null;
  return { path: pathname, type: new URLSearchParams(search).get("type"), pid };
}
