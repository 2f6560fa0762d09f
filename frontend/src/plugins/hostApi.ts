// The contract between host and plugins, which a plugin bundle imports as
// "@workbench/plugin-api" (with what the host lends at run time, `HostKit` below, bound in
// pluginApi.ts). A plugin default-exports `definePlugin({...})`; it adds server data through
// `workbenchApi.injectEndpoints` and client state through `rootReducer.inject` (given in
// `setup`), and its messages are namespaced plugin.<id>.*.
import type { ComponentType } from "react";
import type { Reducer } from "@reduxjs/toolkit";

export const PLUGIN_API_VERSION = 1;

/** A field as cells, editors and settings get it. */
export interface FieldColumn {
  id: string;
  title: string;
  uidt: string;
  meta?: Record<string, unknown> | null;
  /** The field's options (links: type and related table; lookups, codes: their source). */
  colOptions?: Record<string, unknown> | null;
}

export interface CellProps {
  value: unknown;
  column: FieldColumn;
  /** The table and record the value belongs to, when the host knows them (grid, record form). */
  projectId?: string;
  tableId?: string;
  rowId?: unknown;
  /** The host shows the value only (shared views, viewers). */
  readOnly?: boolean;
}

export interface EditorProps extends CellProps {
  /** The key typed on the cell that opened the editor (grid): the editor starts from it as
   * fits its type (text from it, a select filters by it, a date picker may ignore it). */
  typed?: string;
  /** Where the editor is: "cell" (the default, when absent) is the grid's in-place editor,
   * which takes focus as it opens and may pop up over its cell; "form" is a field of the
   * expanded record form: it fills the form's row, lays its lists out in the page rather than
   * over it, takes no focus of its own (the user moves through the form) and shows no save
   * hints (the form has its save button). */
  variant?: "cell" | "form";
  /** The id for the editor's main input (form), which the form's label points to. */
  inputId?: string;
  /** Drawn ahead of its edit, in the grid's active cell (only for a type whose UI sets
   * `keepsReady`): the host keeps it hidden and out of the focus order, and it takes no focus
   * and reports nothing meanwhile. When `standby` turns false the edit has opened: the editor
   * starts from `typed` (or `value`) as if drawn just then, and takes the focus. Its input
   * stays the same element, so the key that opens it shows in the next frame. */
  standby?: boolean;
  /** The new value, as the API takes it; the host saves the last one given. */
  onChange(value: unknown): void;
  onDone(): void;
}

/** What a field type's settings component gets in the add-field dialog. */
export interface SettingsProps {
  /** The type being set up. */
  uidt: string;
  /** The settings so far: the column body's extra keys (NocoDB's option names at the top of
   * the body, `meta`, `colOptions`), as the catalogue's settings schema describes them. */
  value: Record<string, unknown>;
  /** The new settings; the host sends them with the field's title and type. */
  onChange(value: Record<string, unknown>): void;
  /** The field being edited (absent for a new field). */
  column?: CellProps["column"] | null;
  /** The other fields of the table. */
  columns: readonly (CellProps["column"] & { pk?: boolean; system?: boolean })[];
  projectId?: string;
  tableId?: string;
  /** The server's refusal of the last save, when `ownsError` claimed it (shown where it
   * belongs, e.g. under a formula). */
  serverError?: string | null;
}

export interface JsonSchema {
  type?: "object" | "string" | "integer" | "number" | "boolean" | "array";
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}

export type FieldGroup = "text" | "number" | "date" | "choice" | "link" | "computed" | "file" | "other";

export interface FieldCapabilities {
  virtual: boolean;
  readOnly: boolean;
  filterOperators: string[];
  sortable: boolean;
  groupable: boolean;
  search: "like" | "eq" | null;
  aggregations: string[];
  formulaType: string | null;
  holdsFiles: boolean;
  linksRecords: boolean;
  /** A value written is stored exactly as sent (plain text). */
  storesAsSent: boolean;
  /** The kind of source column an import detects as this type (text, integer, date, ...). */
  importDetects: string | null;
  nativeTypes: string[];
  export: "text" | "number" | "boolean" | "date" | "datetime" | "json" | "files" | "records";
}

/** A field type as the catalogue describes it (docs/catalogue.md). */
export interface FieldTypeInfo {
  uidt: string;
  plugin: string;
  label: string;
  icon: string;
  group: FieldGroup | string;
  order: number;
  creatable: boolean;
  settings: JsonSchema;
  capabilities: FieldCapabilities;
  bundle: string | null;
}

/** A field of a table as views get it (the table's columns). */
export interface FieldInfo extends FieldColumn {
  /** The primary key, the display value (a record's title), a field the engine keeps. */
  pk?: boolean;
  pv?: boolean;
  system?: boolean;
}

/** A record as the API answers it: values by field title. */
export type RecordRow = Record<string, unknown>;

/** A shared view's public link, when records are read through it (no sign-in). */
export interface SharedLink {
  uuid: string;
  password?: string;
  /** A visitor's own sort and filters (never saved), NocoDB's `sortArrJson`, `filterArrJson`. */
  sortArrJson?: string;
  filterArrJson?: string;
}

/** Where a view's records come from: the table through the view, or a shared view's link. */
export interface RecordSource {
  tableId: string;
  viewId?: string;
  shared?: SharedLink;
}

/** What the user may do in a view: change records; its settings, fields shown, sorts and
 * filters; the table's fields; comment on records. */
export interface ViewPermissions {
  editRecords: boolean;
  configureView: boolean;
  editFields: boolean;
  comment?: boolean;
}

/** What a view type's component gets: the view and its table. */
export interface ViewProps {
  projectId: string;
  tableId: string;
  view: { id: string; title: string; type: number; meta?: Record<string, unknown> | null };
  /** The view is shown to people who may not change it (shared views, viewers). */
  readOnly?: boolean;
  table: { id: string; title: string; columns: FieldInfo[] };
  source: RecordSource;
  /** The view's settings as its type stores them (`{}` when they cannot be read back). */
  settings: Record<string, unknown>;
  can: ViewPermissions;
  /** Save some settings, or the view's `meta` (absent for who may not): true once saved. */
  saveSettings?(changes: Record<string, unknown>): Promise<boolean>;
  saveMeta?(meta: Record<string, unknown>): Promise<boolean>;
}

/** What a view type's settings component gets in the create-view dialog. */
export interface ViewSettingsProps {
  /** The settings so far, and the table's fields. */
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  columns: readonly FieldInfo[];
}

/** What an importer's options component gets in the import wizard. */
export interface ImporterOptionsProps {
  options: Record<string, unknown>;
  onChange(options: Record<string, unknown>): void;
}

/** What a sign-in button gets: where to return after signing in. */
export interface SignInButtonProps {
  provider: { name: string; label: string; icon: string; kind: "form" | "redirect" };
  returnTo?: string;
}

/** What a webhook notifier's settings component gets in the webhook editor. */
export interface NotifierSettingsProps {
  /** The notifier's name (the hook's `notification.type`). */
  notifier: string;
  /** Its settings so far (the hook's `notification.payload`), as the catalogue's settings
   * schema of the notifier describes them. */
  value: Record<string, unknown>;
  /** The new settings; the host saves them with the hook (the server checks them). */
  onChange(value: Record<string, unknown>): void;
}

export interface NotifierUI {
  /** The notifier's settings in the webhook editor (else the host generates a form from the
   * catalogue's settings schema). */
  Settings?: ComponentType<NotifierSettingsProps>;
  /** Whether the settings are complete enough to save or test (else: the schema's required
   * settings are filled). */
  isComplete?(value: Record<string, unknown>): boolean;
}

/** What a filter editor lent through the slot `filters.editor` gets: the filters of a view or
 * of a webhook's condition (the same tree of conditions and groups), edited through their API
 * (`/api/v1/db/meta/views/{id}/filters` or `/api/v1/db/meta/hooks/{id}/filters`). */
export interface FilterEditorProps {
  tableId: string;
  owner: { kind: "view" | "hook"; id: string };
  /** The table's fields the conditions may name. */
  columns: readonly FieldInfo[];
}

export interface FieldTypeUI {
  Cell?: ComponentType<CellProps>;
  Editor?: ComponentType<EditorProps>;
  /** The type's settings in the add-field dialog (else the host generates a form from the
   * catalogue's settings schema). */
  Settings?: ComponentType<SettingsProps>;
  /** The settings of an existing field, read from its options (else the schema's keys are
   * read from the column's options and meta). */
  settingsOf?(column: CellProps["column"]): Record<string, unknown>;
  /** Whether a refusal of the server is about the settings (then `Settings` shows it). */
  ownsError?(message: string): boolean;
  /** The input a shared form gives the type (the HTML input type, or a text area for text of
   * several lines); a plain text input when absent. */
  formInput?: "multiline" | "email" | "url" | "tel" | "time";
  /** The Editor can be drawn in standby (`EditorProps.standby`) in the grid's active cell,
   * ready for its next edit. */
  keepsReady?: boolean;
}

export interface ViewTypeUI {
  /** The view's body. */
  View: ComponentType<ViewProps>;
  /** Its toolbar and settings, shown above the body. */
  Toolbar?: ComponentType<ViewProps>;
  /** What a new view asks for in the create-view dialog (else a form from its schema). */
  Settings?: ComponentType<ViewSettingsProps>;
  /** A new view's settings, each unset one given its default for these fields; null while
   * they are not enough (the dialog's create button waits). */
  completeSettings?(settings: Record<string, unknown>, columns: readonly FieldInfo[]): Record<string, unknown> | null;
}

export interface PluginHost {
  /** Add a slice to the store: `inject({ reducerPath, reducer })`. */
  injectSlice(slice: { reducerPath: string; reducer: Reducer }): void;
  /** The one RTK Query API; call `injectEndpoints` on it. */
  api: unknown;
}

export interface PluginDefinition {
  /** The plugin's name, as the server lists it. */
  id: string;
  apiVersion?: number;
  /** Messages by language; keys are prefixed with plugin.<id>. by the host. Optional: the
   * catalogue ships the texts of the plugin's messages.json in the page's language; a bundle
   * that carries them too (handy while writing the plugin) overrides those. */
  messages?: Record<string, Record<string, string>>;
  /** Cell renderers and editors by field type (uidt). */
  fieldTypes?: Record<string, FieldTypeUI>;
  /** View bodies (and toolbars) by view type name. */
  viewTypes?: Record<string, ViewTypeUI>;
  /** Webhook notifiers' settings forms by notifier name. */
  notifiers?: Record<string, NotifierUI>;
  /** Components by slot name: `importer.<name>.options` (ImporterOptionsProps),
   * `auth.<name>.button` (SignInButtonProps), `filters.editor` (FilterEditorProps), ... */
  components?: Record<string, ComponentType<Record<string, unknown>>>;
  setup?(host: PluginHost): void;
}

// The shapes of what the host lends a plugin's components at run time (HostKit, with the
// records, forms, cards and tab state it works with) are in hostKit.ts.
export type * from "./hostKit";

export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return { apiVersion: PLUGIN_API_VERSION, ...definition };
}
