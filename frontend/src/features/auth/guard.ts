// The route guard as a pure function: where to go instead, or null to stay.
import type { RouteMeta } from "../../routeTable";

export interface GuardInput {
  meta: RouteMeta;
  params: Record<string, string | undefined>;
  signedIn: boolean;
  firstUser: boolean;
  roles: Record<string, boolean>;
  /** The last route the user was allowed on, if any. */
  previous?: { path: string; noAuth: boolean } | null;
}

export interface GuardDecision {
  to: string;
  /** Message id of an error to show. */
  error?: string;
}

export function guardRoute({ meta, params, signedIn, firstUser, roles, previous }: GuardInput): GuardDecision | null {
  if (meta.public || params.projectType === "base") return null;
  if (meta.noAuth) {
    if (!signedIn) return null;
    return { to: previous && !previous.noAuth ? previous.path : "/" };
  }
  if (!signedIn) return { to: firstUser ? "/signup" : "/signin" };
  if (meta.allowedRoles && !meta.allowedRoles.some((role) => roles[role])) {
    return { to: "/", error: "permission.page" };
  }
  return null;
}

/** The plain `user` role holds no project rights. */
export function refusedOnProject(roles: Record<string, boolean> | undefined): boolean {
  return !!roles?.user;
}
