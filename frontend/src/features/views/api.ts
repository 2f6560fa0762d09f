// Views of a table through the NocoDB-compatible meta API: list, create per type, rename,
// copy, delete, sharing, and each view's settings under its type's path.
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";

import { sharedSegment, viewTypeOf } from "./viewTypes";

export interface ViewMeta {
  id: string;
  title: string;
  type: number | string;
  fk_model_id?: string;
  is_default?: boolean;
  lock_type?: string;
  /** The id of the user who created the view. */
  created_by?: string | null;
  order?: number | null;
  uuid?: string | null;
  password?: string | null;
  /** Shares only: whether a password protects the link. */
  password_protected?: boolean;
  meta?: Record<string, unknown> | string | null;
  /** The view type's settings (a grid's row height), as the list of views gives them. */
  view?: Record<string, unknown> | null;
}

/** The name of a view's type (as the catalogue lists it), whether the server writes the type
 * as NocoDB's number or as a name; null when no enabled plugin provides it. */
export function viewKind(view: Pick<ViewMeta, "type">): string | null {
  return viewTypeOf(view)?.name ?? null;
}

/** The path segment a view type's views are created under (and their settings read). */
export function createPathOf(kind: string): string {
  return viewTypeOf({ type: kind })?.path ?? `${kind}s`;
}

export function parseMeta(meta: ViewMeta["meta"]): Record<string, unknown> {
  if (!meta) return {};
  if (typeof meta === "string") {
    try {
      const parsed = JSON.parse(meta);
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return {};
    }
  }
  return meta;
}

export interface CreateViewArgs {
  tableId: string;
  /** The view type's name. */
  kind: string;
  title: string;
  /** Copy sorts, filters and fields from this view. */
  copyFromId?: string;
  /** The view type's settings (the keys of its settings schema: a kanban's stacking field, a
   * calendar's date fields, ...). */
  settings?: Record<string, unknown>;
}

export function createViewBody(args: CreateViewArgs): Record<string, unknown> {
  const body: Record<string, unknown> = { title: args.title, type: viewTypeOf({ type: args.kind })?.type };
  if (args.copyFromId) body.copy_from_id = args.copyFromId;
  if (args.settings) Object.assign(body, args.settings);
  return body;
}

export interface FormColumn {
  id: string;
  fk_column_id: string;
  label?: string | null;
  description?: string | null;
  help?: string | null;
  required?: boolean | null;
  show?: boolean | null;
  order?: number | null;
}

export interface FormSettings {
  fk_view_id?: string;
  heading?: string | null;
  subheading?: string | null;
  success_msg?: string | null;
  submit_another_form?: boolean | null;
  show_blank_form?: boolean | null;
  /** Where the visitor goes once the record is saved (`{record_id}` is the new record's key). */
  redirect_url?: string | null;
  columns?: FormColumn[];
}

export interface ShareArgs {
  viewId: string;
  tableId: string;
  password?: string | null;
  meta?: Record<string, unknown>;
}

const viewsTag = (tableId: string) => ({ type: "Views" as const, id: tableId });
const viewTag = (viewId: string) => ({ type: "ViewSettings" as const, id: viewId });

export const viewsApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["Views", "ViewSettings"] }).injectEndpoints({
  endpoints: (build) => ({
    views: build.query<Paged<ViewMeta>, string>({
      query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/views`,
      providesTags: (_r, _e, tableId) => [viewsTag(tableId)],
    }),
    createView: build.mutation<ViewMeta, CreateViewArgs>({
      query: (args) => ({
        url: `/api/v1/db/meta/tables/${encodeURIComponent(args.tableId)}/${createPathOf(args.kind)}`,
        method: "POST",
        body: createViewBody(args),
      }),
      invalidatesTags: (_r, _e, { tableId }) => [viewsTag(tableId), { type: "Table", id: tableId }],
    }),
    updateView: build.mutation<ViewMeta, { tableId: string; viewId: string; body: Partial<ViewMeta> }>({
      query: ({ viewId, body }) => ({ url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}`, method: "PATCH", body }),
      invalidatesTags: (_r, _e, { tableId }) => [viewsTag(tableId), { type: "Table", id: tableId }],
    }),
    deleteView: build.mutation<unknown, { tableId: string; viewId: string }>({
      query: ({ viewId }) => ({ url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { tableId }) => [viewsTag(tableId), { type: "Table", id: tableId }],
    }),
    /** The table's shared views, with whether each link has a password. */
    tableShares: build.query<Paged<ViewMeta>, string>({
      query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/share`,
      providesTags: (_r, _e, tableId) => [viewsTag(tableId)],
    }),
    shareView: build.mutation<ViewMeta, { viewId: string; tableId: string }>({
      query: ({ viewId }) => ({ url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/share`, method: "POST" }),
      invalidatesTags: (_r, _e, { tableId }) => [viewsTag(tableId)],
    }),
    updateShare: build.mutation<unknown, ShareArgs>({
      query: ({ viewId, password, meta }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/share`,
        method: "PATCH",
        body: { ...(password === undefined ? {} : { password }), ...(meta === undefined ? {} : { meta }) },
      }),
      invalidatesTags: (_r, _e, { tableId }) => [viewsTag(tableId)],
    }),
    unshareView: build.mutation<unknown, { viewId: string; tableId: string }>({
      query: ({ viewId }) => ({ url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/share`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { tableId }) => [viewsTag(tableId)],
    }),
    /** A view's settings as its type stores them: /api/v1/db/meta/{path}/{viewId}. */
    viewSettings: build.query<Record<string, unknown>, { path: string; viewId: string }>({
      query: ({ path, viewId }) => `/api/v1/db/meta/${encodeURIComponent(path)}/${encodeURIComponent(viewId)}`,
      providesTags: (_r, _e, { viewId }) => [viewTag(viewId)],
    }),
    updateViewSettings: build.mutation<Record<string, unknown>, { path: string; viewId: string; body: Record<string, unknown> }>({
      query: ({ path, viewId, body }) => ({
        url: `/api/v1/db/meta/${encodeURIComponent(path)}/${encodeURIComponent(viewId)}`,
        method: "PATCH",
        body,
      }),
      invalidatesTags: (_r, _e, { viewId }) => [viewTag(viewId)],
    }),
  }),
});

export const {
  useViewsQuery,
  useTableSharesQuery,
  useViewSettingsQuery,
  useUpdateViewSettingsMutation,
  useCreateViewMutation,
  useUpdateViewMutation,
  useDeleteViewMutation,
  useShareViewMutation,
  useUpdateShareMutation,
  useUnshareViewMutation,
} = viewsApi;

/** The public address of a shared view, per its type. */
export function sharedViewUrl(view: Pick<ViewMeta, "type" | "uuid">, origin: string): string {
  return `${origin}/nc/${sharedSegment(viewTypeOf(view))}/${encodeURIComponent(view.uuid ?? "")}`;
}

/** The path of a table's view in project `projectId` (the default view has no view segment). */
export function viewPath(projectId: string, tableTitle: string, view: Pick<ViewMeta, "title" | "is_default"> | null): string {
  const base = `/nc/${encodeURIComponent(projectId)}/table/${encodeURIComponent(tableTitle)}`;
  return view && !view.is_default ? `${base}/${encodeURIComponent(view.title)}` : base;
}

/** A view title must be non-empty and unique within the table. */
export function validateViewTitle(title: string, taken: readonly string[], own?: string): string | null {
  if (!title.trim()) return "views.title.required";
  const lower = title.toLowerCase();
  if (taken.some((t) => t.toLowerCase() === lower && t !== own)) return "views.title.taken";
  return null;
}
