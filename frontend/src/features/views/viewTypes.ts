// The view types, from the catalogue: where views of a type are created and their settings
// read (its path), what a shared link to one offers, and its bundle's components. The host
// draws no view type itself: a view's body, toolbar and settings come from its plugin's
// bundle, so a disabled view plugin disappears and every view type is drawn the same way.
import { currentCatalogue, type CatalogueViewType } from "../../plugins/catalogue";
import { ROUTES } from "../../routeTable";

/** The view type of a view, whether the server writes it as NocoDB's number or as a name;
 * undefined when no enabled plugin provides it. */
export function viewTypeOf(view: { type: number | string }): CatalogueViewType | undefined {
  const types = currentCatalogue().viewTypes;
  if (typeof view.type === "string" && !/^\d+$/.test(view.type)) return types.find((t) => t.name === view.type);
  return types.find((t) => t.type === Number(view.type));
}

/** Whether a shared link to a view of this type is a form to fill (not a list of records). */
export function fillsRecords(type: CatalogueViewType | undefined): boolean {
  return type?.public === "submit";
}

/** The segments of the public addresses the route table knows (/nc/{segment}/{uuid}). */
const SHARED_SEGMENTS = new Set(
  ROUTES.filter((r) => r.page === "shared").map((r) => r.path.split("/")[2]).filter((s) => s && !s.startsWith(":")),
);

/** The segment of a shared view's public address: its type's name where the app has an
 * address of that name, else "view". */
export function sharedSegment(type: CatalogueViewType | undefined): string {
  return type && SHARED_SEGMENTS.has(type.name) ? type.name : "view";
}
