// The route table as data: paths in react-router syntax with their guard metadata
// and layout. It has no React imports so that the prerender script and the server manifest
// can use it too. Order matters for the server's matching: most specific first.

export type LayoutKind = "base" | "default" | "general" | "shared";

export interface RouteMeta {
  /** Public routes skip the guard entirely. */
  public?: boolean;
  /** Routes for signed-out visitors (sign-in, sign-up, ...): signed-in users are sent back. */
  noAuth?: boolean;
  /** Only users holding one of these roles may open the route. */
  allowedRoles?: string[];
  layout?: LayoutKind;
  /** Message id of the document title. */
  title?: string;
}

export type PageId =
  | "projects" | "createProject" | "createExternal" | "notAvailable" | "account" | "signIn" | "signUp" | "forgotPassword" | "resetPassword" | "verifyEmail"
  | "notFound" | "shared" | "sharedBase" | "projectLanding" | "project" | "apps";

export interface RouteEntry {
  path: string;
  page: PageId;
  meta: RouteMeta;
}

export const ROUTES: RouteEntry[] = [
  // The one route titled "my projects".
  { path: "/", page: "projects", meta: { title: "project.list.myProjects" } },
  { path: "/projects", page: "projects", meta: { title: "project.list.title" } },
  { path: "/create", page: "createProject", meta: { title: "project.create.title" } },
  { path: "/create-external", page: "createExternal", meta: { title: "source.create.title" } },
  { path: "/user", page: "account", meta: { title: "account.title" } },
  { path: "/account", page: "account", meta: { title: "account.title" } },
  { path: "/account/users/:nestedPage?", page: "account", meta: { title: "account.title" } },
  { path: "/account/:page", page: "account", meta: { title: "account.title" } },
  { path: "/apps", page: "apps", meta: { allowedRoles: ["super"], title: "apps.title" } },
  { path: "/signin", page: "signIn", meta: { noAuth: true, layout: "general", title: "auth.signIn.title" } },
  { path: "/signup/:token?", page: "signUp", meta: { noAuth: true, layout: "general", title: "auth.signUp.title" } },
  { path: "/forgot-password", page: "forgotPassword", meta: { noAuth: true, layout: "general", title: "auth.forgot.title" } },
  { path: "/reset-password/:token", page: "resetPassword", meta: { noAuth: true, layout: "general", title: "auth.reset.title" } },
  { path: "/verify-email/:token", page: "verifyEmail", meta: { public: true, layout: "general", title: "auth.verify.title" } },
  { path: "/error/404", page: "notFound", meta: { public: true, title: "error.notFound.title" } },
  { path: "/:projectType/form/:viewId/survey", page: "shared", meta: { public: true, layout: "shared" } },
  { path: "/:projectType/form/:viewId", page: "shared", meta: { public: true, layout: "shared" } },
  { path: "/:projectType/gallery/:viewId", page: "shared", meta: { public: true, layout: "shared" } },
  { path: "/:projectType/kanban/:viewId", page: "shared", meta: { public: true, layout: "shared" } },
  { path: "/:projectType/view/:viewId", page: "shared", meta: { public: true, layout: "shared" } },
  { path: "/base/:baseId/table/:title", page: "sharedBase", meta: { public: true } },
  { path: "/base/:baseId", page: "sharedBase", meta: { public: true } },
  { path: "/:projectType/base/:baseId", page: "sharedBase", meta: { public: true } },
  { path: "/:projectType/:projectId/table/:title/:viewTitle", page: "project", meta: {} },
  { path: "/:projectType/:projectId/table/:title", page: "project", meta: {} },
  { path: "/:projectType/:projectId/view/:title/:viewTitle", page: "project", meta: {} },
  { path: "/:projectType/:projectId/view/:title", page: "project", meta: {} },
  { path: "/:projectType/:projectId/auth", page: "project", meta: {} },
  { path: "/:projectType/:projectId", page: "project", meta: {} },
  { path: "/:projectId", page: "projectLanding", meta: {} },
];

export const NOT_FOUND_PATH = "/error/404";

/** A concrete URL for a pattern, used to prerender its shell (params become "_"). */
export function sampleUrl(path: string): string {
  return path.replace(/\/:[A-Za-z]+\?/g, "").replace(/:[A-Za-z]+/g, "_") || "/";
}

/** The pattern as an anchored regular expression (the server matches request paths with it). */
export function patternRegex(path: string): string {
  if (path === "/") return "^/$";
  const body = path
    .split("/")
    .slice(1)
    .map((seg) => {
      if (seg.startsWith(":") && seg.endsWith("?")) return "(?:/[^/]+)?";
      if (seg.startsWith(":")) return "/[^/]+";
      return "/" + seg.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
    })
    .join("");
  return `^${body}/?$`;
}
