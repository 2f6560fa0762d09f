// Developing a plugin's UI: while the server watches plugin bundles (workbench.plugins.watch,
// for `workbench plugin dev`), the page asks the catalogue for the bundles' addresses every
// second and reloads itself when one changed (its bundle was built again), appeared or went
// away. A failed request is skipped: the server may be restarting.
import { withBase } from "../app/basePath";

export type BundleUrls = Record<string, { url: string }>;

/** One text for a set of bundles: equal exactly when every bundle's address is. */
export function bundleStamp(bundles: BundleUrls): string {
  return Object.keys(bundles)
    .sort()
    .map((id) => `${id}=${bundles[id].url}`)
    .join("\n");
}

/** Watch the bundles from `initial` on; `reload` once the server's differ. Returns a stop. */
export function watchBundles(
  initial: BundleUrls,
  fetchBundles: () => Promise<BundleUrls>,
  reload: () => void,
  every = 1000,
): () => void {
  const known = bundleStamp(initial);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const now = await fetchBundles();
      if (!stopped && bundleStamp(now) !== known) {
        stopped = true;
        reload();
        return;
      }
    } catch {
      // the server is away for a moment (restarting): ask again on the next tick
    }
    if (!stopped) timer = setTimeout(() => void tick(), every);
  };
  timer = setTimeout(() => void tick(), every);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The catalogue's bundles, as the server lists them now. */
export async function serverBundles(): Promise<BundleUrls> {
  const response = await fetch(withBase("/api/v1/catalogue"), { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(`catalogue: ${response.status}`);
  return ((await response.json()) as { bundles?: BundleUrls }).bundles ?? {};
}
