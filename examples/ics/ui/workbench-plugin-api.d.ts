// The types of "@workbench/plugin-api", the module a plugin's UI bundle imports from the
// host. Written from the host's sources by frontend/scripts/plugin-kit.mjs: do not edit.
import type { ComponentType } from "react";
import type { Reducer } from "@reduxjs/toolkit";
export declare const PLUGIN_API_VERSION = 1;
export interface CellProps {
    value: unknown;
    column: {
        id: string;
        title: string;
        uidt: string;
        meta?: Record<string, unknown> | null;
        /** The field's options (links: type and related table; lookups, codes: their source). */
        colOptions?: Record<string, unknown> | null;
    };
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
    columns: readonly (CellProps["column"] & {
        pk?: boolean;
        system?: boolean;
    })[];
    projectId?: string;
    tableId?: string;
    /** The server's refusal of the last save, when `ownsError` claimed it (shown where it
     * belongs, e.g. under a formula). */
    serverError?: string | null;
}
/** What a view type's component gets: the view and its table. */
export interface ViewProps {
    projectId: string;
    tableId: string;
    view: {
        id: string;
        title: string;
        type: number;
        meta?: Record<string, unknown> | null;
    };
    /** The view is shown to people who may not change it (shared views, viewers). */
    readOnly?: boolean;
}
/** What an importer's options component gets in the import wizard. */
export interface ImporterOptionsProps {
    options: Record<string, unknown>;
    onChange(options: Record<string, unknown>): void;
}
/** What a sign-in button gets: where to return after signing in. */
export interface SignInButtonProps {
    provider: {
        name: string;
        label: string;
        icon: string;
        kind: "form" | "redirect";
    };
    returnTo?: string;
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
}
export interface ViewTypeUI {
    /** The view's body. */
    View: ComponentType<ViewProps>;
    /** Its toolbar and settings, shown above the body. */
    Toolbar?: ComponentType<ViewProps>;
}
export interface PluginHost {
    /** Add a slice to the store: `inject({ reducerPath, reducer })`. */
    injectSlice(slice: {
        reducerPath: string;
        reducer: Reducer;
    }): void;
    /** The one RTK Query API; call `injectEndpoints` on it. */
    api: unknown;
}
export interface PluginDefinition {
    /** The plugin's name, as the server lists it. */
    id: string;
    apiVersion?: number;
    /** Messages by language; keys are prefixed with plugin.<id>. by the host. */
    messages?: Record<string, Record<string, string>>;
    /** Cell renderers and editors by field type (uidt). */
    fieldTypes?: Record<string, FieldTypeUI>;
    /** View bodies (and toolbars) by view type name. */
    viewTypes?: Record<string, ViewTypeUI>;
    /** Components by slot name: `importer.<name>.options` (ImporterOptionsProps),
     * `auth.<name>.button` (SignInButtonProps), ... */
    components?: Record<string, ComponentType<Record<string, unknown>>>;
    setup?(host: PluginHost): void;
}
export declare function definePlugin(definition: PluginDefinition): PluginDefinition;
