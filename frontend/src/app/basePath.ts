// The path the app is served under behind a proxy: "" at the site's root, else like
// "/workbench" (the server's workbench.base_path, in the page's boot state). Routes, API
// calls, plugin bundles, file links and the websocket all go under it.

/** The base path of this page ("" when served at the site's root). */
export function basePath(): string {
  const value = typeof window === "undefined" ? "" : window.__WB_STATE__?.basePath ?? "";
  return value.replace(/\/+$/, "");
}

/** `url` under the base path when it is a site-root path ("/api/..."); others unchanged. */
export function withBase(url: string, base: string = basePath()): string {
  return url.startsWith("/") && !url.startsWith("//") ? base + url : url;
}

/** A page's path without the base path (the path the app's routes match). */
export function stripBase(path: string, base: string = basePath()): string {
  if (!base || !(path === base || path.startsWith(base + "/"))) return path;
  return path.slice(base.length) || "/";
}
