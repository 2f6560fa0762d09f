// Roles are shown by their names in the user's language ("Creator", "Organisation viewer"),
// never by the ids the server uses ("creator", "org-level-viewer").
import type { IntlShape } from "react-intl";

/** Every role the server hands out, each with its name in the catalogues (role.<id>). */
export const NAMED_ROLES = [
  "super",
  "admin",
  "org-level-creator",
  "org-level-viewer",
  "guest",
  "owner",
  "creator",
  "editor",
  "commenter",
  "viewer",
  "user",
] as const;

const NAMED = new Set<string>(NAMED_ROLES);

/** A role's name; a role this version does not know reads as words ("data-steward" as
 * "Data steward") rather than as its id. */
export function roleLabel(intl: IntlShape, role: string): string {
  if (NAMED.has(role)) return intl.formatMessage({ id: `role.${role}` });
  const words = role.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The roles a user holds, from the server's `{role: true}` map, a comma-separated string
 * or a list (roles set to false are not held). */
export function heldRoles(roles: Record<string, unknown> | string | readonly string[] | null | undefined): string[] {
  if (!roles) return [];
  const list = typeof roles === "string" ? roles.split(",") : Array.isArray(roles) ? roles : Object.keys(roles).filter((r) => (roles as Record<string, unknown>)[r]);
  return list.map((r) => r.trim()).filter(Boolean);
}
