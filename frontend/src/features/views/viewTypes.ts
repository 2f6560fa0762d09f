// The view types, from the catalogue. The built-in ones are still drawn by the host (their
// bodies, the fields they are built on, NocoDB's paths) and are registered here by the
// plugin that provides them, so the host reaches them only through what the catalogue lists:
// a disabled view plugin disappears, and a view type of another plugin is drawn by its
// bundle.
import { capability, choiceKind, currentCatalogue, type CatalogueViewType } from "../../plugins/catalogue";
import type { Column } from "../tables/api";

export interface BuiltinView {
  /** NocoDB's path to create one: /api/v1/db/meta/tables/{id}/{createPath}. */
  createPath: string;
  /** The segment of its public address (/nc/{segment}/{uuid}), when not its name. */
  sharedSegment?: string;
  /** The fields it is built on: kanban stacks, calendar dates, card covers. */
  needs?: { group?: boolean; date?: boolean; cover?: boolean };
  /** A shared view of it offers the CSV download (not a form: it shows no records). */
  collectsRecords?: boolean;
  /** Its shared page is a form (fills records) rather than a list of records. */
  fillsRecords?: boolean;
  /** The default when the server names no known type. */
  fallback?: boolean;
}

export const BUILTIN_VIEWS: Record<string, BuiltinView> = {
  view_grid: { createPath: "grids", sharedSegment: "view", fallback: true },
  view_form: { createPath: "forms", fillsRecords: true },
  view_gallery: { createPath: "galleries", needs: { cover: true } },
  view_kanban: { createPath: "kanbans", needs: { group: true, cover: true } },
  view_calendar: { createPath: "calendars", sharedSegment: "view", needs: { date: true } },
};

/** The built-in part of a view type, when the host draws it. */
export function builtinOf(type: CatalogueViewType | undefined): BuiltinView | undefined {
  return type ? BUILTIN_VIEWS[type.plugin] : undefined;
}

/** The catalogue's view types in menu order. */
export function viewTypes(): CatalogueViewType[] {
  return [...currentCatalogue().viewTypes].sort((a, b) => a.order - b.order);
}

/** The view type of a view, whether the server writes it as NocoDB's number or as a name;
 * undefined when no enabled plugin provides it. */
export function viewTypeOf(view: { type: number | string }): CatalogueViewType | undefined {
  const types = currentCatalogue().viewTypes;
  if (typeof view.type === "string" && !/^\d+$/.test(view.type)) return types.find((t) => t.name === view.type);
  return types.find((t) => t.type === Number(view.type));
}

/** A field whose value is one of its options (a single choice): what kanban stacks are. */
export function isSingleChoice(c: Pick<Column, "uidt">): boolean {
  return choiceKind(c.uidt) === "single";
}

/** A field a calendar can place records by: a date or date and time the user sets. */
export function isCalendarDate(c: Pick<Column, "uidt">): boolean {
  const as = capability(c.uidt, "export");
  return (as === "date" || as === "datetime") && !capability(c.uidt, "readOnly");
}

/** A field that holds files (a card's cover). */
export function holdsFiles(c: Pick<Column, "uidt">): boolean {
  return !!capability(c.uidt, "holdsFiles");
}
