// On shared-base routes (/base/{baseId}, /{projectType}/base/{baseId}) every request carries
// the shared base id as xc-shared-base-id (SPEC §7); the id is the route's own.
const SHARED_BASE_PATH = /^(?:\/[^/]+)?\/base\/([^/?#]+)/;

export function sharedBaseIdFromPath(pathname: string | undefined | null): string | null {
  const match = pathname ? SHARED_BASE_PATH.exec(pathname) : null;
  return match ? decodeURIComponent(match[1]) : null;
}
