// What the current user may do in a project, from their effective roles (mirrors
// workbench/security/roles.py). The UI hides what the server would refuse.
import { createContext, useContext } from "react";

export type Capability =
  | "comment"
  | "dataExport"
  | "dataEdit"
  | "viewConfigure"
  | "viewLock"
  | "schema"
  | "sources"
  | "members"
  | "projectUpdate"
  | "projectDelete"
  | "audit"
  | "history";

const VIEWER: Capability[] = ["dataExport", "history"];
const COMMENTER: Capability[] = [...VIEWER, "comment"];
const EDITOR: Capability[] = [...COMMENTER, "dataEdit", "viewConfigure"];
const CREATOR: Capability[] = [...EDITOR, "viewLock", "schema", "sources", "members", "projectUpdate", "audit"];
const OWNER: Capability[] = [...CREATOR, "projectDelete"];

const BY_ROLE: Record<string, Capability[]> = {
  super: OWNER,
  owner: OWNER,
  creator: CREATOR,
  editor: EDITOR,
  commenter: COMMENTER,
  viewer: VIEWER,
};

export type Capabilities = Record<Capability, boolean>;

export function capabilities(roles: Record<string, boolean> | undefined, previewAs?: string | null): Capabilities {
  // In preview mode only the previewed role counts.
  const held = previewAs ? [previewAs] : Object.keys(roles ?? {}).filter((r) => roles?.[r]);
  const granted = new Set(held.flatMap((r) => BY_ROLE[r] ?? []));
  return {
    comment: granted.has("comment"),
    dataExport: granted.has("dataExport"),
    dataEdit: granted.has("dataEdit"),
    viewConfigure: granted.has("viewConfigure"),
    viewLock: granted.has("viewLock"),
    schema: granted.has("schema"),
    sources: granted.has("sources"),
    members: granted.has("members"),
    projectUpdate: granted.has("projectUpdate"),
    projectDelete: granted.has("projectDelete"),
    audit: granted.has("audit"),
    history: granted.has("history"),
  };
}

/** May the user create projects (org-level-creator or super)? */
export function canCreateProjects(roles: Record<string, boolean> | undefined): boolean {
  return !!(roles?.super || roles?.["org-level-creator"]);
}

const NONE = capabilities({});
export const CapabilitiesContext = createContext<Capabilities>(NONE);

export function useCapabilities(): Capabilities {
  return useContext(CapabilitiesContext);
}
