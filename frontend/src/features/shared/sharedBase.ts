import { capabilities, type Capabilities } from "../projects/permissions";

// On shared-base routes (/base/{baseId}, /{projectType}/base/{baseId}) every request carries
// the shared base id as xc-shared-base-id; the id is the route's own.
const SHARED_BASE_PATH = /^(?:\/[^/]+)?\/base\/([^/?#]+)/;

export function sharedBaseIdFromPath(pathname: string | undefined | null): string | null {
  const match = pathname ? SHARED_BASE_PATH.exec(pathname) : null;
  return match ? decodeURIComponent(match[1]) : null;
}

// The password entered for a protected shared base, kept for this page's life only.
const passwords = new Map<string, string>();

export function setSharedBasePassword(baseId: string, password: string): void {
  passwords.set(baseId, password);
}

export function sharedBasePassword(baseId: string | null): string | null {
  return baseId ? (passwords.get(baseId) ?? null) : null;
}

/** What a shared base's visitor may do, from the link's role: an editor link edits records
 * (and the views' settings, as the server allows), a viewer link only reads; the schema,
 * members and the project's settings are never reachable through a link. */
export function sharedBaseCapabilities(role: string | null | undefined): Capabilities {
  const granted = capabilities(role === "editor" ? { editor: true } : {});
  // A shared base has no signed-in author to comment as, and shows no history.
  return {
    ...granted,
    comment: false,
    schema: false,
    members: false,
    projectUpdate: false,
    projectDelete: false,
    audit: false,
    history: false,
  };
}
