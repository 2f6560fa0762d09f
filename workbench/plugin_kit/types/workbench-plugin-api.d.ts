// The types of "@workbench/plugin-api", the module a plugin's UI bundle imports from the
// host. Written from the host's sources by frontend/scripts/plugin-kit.mjs: do not edit.
import type { ComponentType, DragEvent, KeyboardEvent, ReactNode, RefObject } from "react";
import type { Reducer } from "@reduxjs/toolkit";
export declare const PLUGIN_API_VERSION = 1;
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
    view: {
        id: string;
        title: string;
        type: number;
        meta?: Record<string, unknown> | null;
    };
    /** The view is shown to people who may not change it (shared views, viewers). */
    readOnly?: boolean;
    table: {
        id: string;
        title: string;
        columns: FieldInfo[];
    };
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
    provider: {
        name: string;
        label: string;
        icon: string;
        kind: "form" | "redirect";
    };
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
    owner: {
        kind: "view" | "hook";
        id: string;
    };
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
export declare function definePlugin(definition: PluginDefinition): PluginDefinition;
/** A refusal, with the server's words. */
export interface HostError {
    status?: number;
    message: string;
}
/** The outcome of a request: its data, or the server's refusal. */
export type Outcome<T> = {
    data: T;
    error?: undefined;
} | {
    data?: undefined;
    error: HostError;
};
/** The records of a source loaded so far, page after page, with the means to load more. */
export interface RecordFeed {
    rows: RecordRow[];
    /** The number of records matching (all pages). */
    total: number;
    isLoading: boolean;
    error?: HostError;
    hasMore: boolean;
    isFetchingMore: boolean;
    loadMore(): void;
}
/** A page of a source's records (`where`: NocoDB's syntax). */
export interface RecordsQuery {
    where?: string;
    /** Sorts before the view's own (NocoDB's `sort`: titles or ids, `-` for descending, comma-separated). */
    sort?: string;
    offset: number;
    limit: number;
}
/** Reading records outside rendering: a page as already read (else undefined), a page read
 * when not at hand, one record read afresh (else null), and the moment no page or count of a
 * table is being read. */
export interface RecordsReader {
    cached(source: RecordSource, query: RecordsQuery): RecordRow[] | undefined;
    read(source: RecordSource, query: RecordsQuery): Promise<RecordRow[]>;
    record(tableId: string, pk: unknown): Promise<RecordRow | null>;
    settled(tableId: string): Promise<void>;
}
/** Writing a table's records (each resolves with the server's answer or refusal). */
export interface RecordWriter {
    create(values: RecordRow): Promise<Outcome<RecordRow>>;
    /** Change one record; the pages read show the new values at once (put back on a refusal). */
    update(pk: unknown, values: RecordRow): Promise<Outcome<RecordRow>>;
    /** Several records in one request, all or nothing (rows and keys carry the primary key). */
    updateMany(rows: RecordRow[]): Promise<Outcome<RecordRow[]>>;
    createMany(rows: RecordRow[]): Promise<Outcome<RecordRow[]>>;
    deleteMany(keys: RecordRow[]): Promise<Outcome<RecordRow[]>>;
    /** Records with their linked records in full (NocoDB's v1 read), as an undo of a delete needs. */
    readWithLinks(where: string, limit: number): Promise<Outcome<RecordRow[]>>;
    readOneWithLinks(pk: unknown): Promise<Outcome<RecordRow>>;
    /** Link record `pk` to others through link field `columnId`. */
    link(columnId: string, pk: unknown, keys: RecordRow[]): Promise<Outcome<unknown>>;
    /** Read the table's records again wherever they are shown. */
    refresh(): void;
}
/** Records moved by a view, by the JSON of their key: each as it is after the move. */
export type Moves = ReadonlyMap<string, RecordRow>;
/** The state of a cell's editor in the grid. */
export interface CellEditing {
    /** The host's input's text; the value a field type's editor gave; the key typed on the cell
     * that opened the editor, or the text the server refused. */
    text: string;
    value?: {
        v: unknown;
    };
    typed?: string;
    error: string | null;
    saving: boolean;
}
/** The grid's editor of one cell: the field type's editor, else a text input. */
export interface FieldEditorProps {
    column: FieldColumn;
    editing: CellEditing;
    value?: unknown;
    projectId?: string;
    tableId?: string;
    rowId?: unknown;
    onText(text: string): void;
    onKey(event: KeyboardEvent<HTMLElement>): void;
    onBlur(): void;
    onValue(value: unknown): void;
    onDone(): void;
    /** Kept ready for the cell's next edit (the grid's active cell): the editor is drawn but
     * neither shown nor focusable, so that the key which opens it shows in the next frame
     * without the editor being made then; it starts from `editing` and takes the focus once
     * `standby` goes. A type whose editor cannot be kept ready (`keepsEditorReady`) draws
     * nothing in standby. */
    standby?: boolean;
}
/** The expanded record form of a table: every field of a record in a form. */
export interface RecordFormOptions {
    tableId: string;
    projectId?: string;
    /** The fields the form shows. */
    columns: readonly FieldInfo[];
    pkName: string;
    /** The user may change records, and comment on them. */
    canEdit?: boolean;
    canComment?: boolean;
    /** Called once the form closes (the views' records are read again first). */
    onClose?(): void;
}
export interface RecordForm {
    /** Open a record in the form. */
    open(record: RecordRow): void;
    /** Add a record with these values, then open it to be filled in. */
    add(values: RecordRow): void;
    /** The form: render it. */
    element: ReactNode;
}
/** A record as a card (cover image, title, the other fields). */
export interface RecordCardProps {
    row: RecordRow;
    fields: FieldInfo[];
    /** The field whose first image is the cover. */
    cover?: FieldInfo | null;
    draggable?: boolean;
    onDragStart?(event: DragEvent): void;
    /** Open the record; absent where records do not open (shared views). */
    onOpen?(row: RecordRow): void;
    extra?: ReactNode;
    /** Leave out the fields that are empty in this record. */
    hideEmpty?: boolean;
    /** One small height, the cover a thumbnail beside the title, the fields cut to what fits
     * (else the cover goes across the top and the card grows with its fields). */
    compact?: boolean;
}
/** A field a card may show, in the view's order, and whether it does. */
export interface CardField {
    column: FieldInfo;
    show: boolean;
    order: number;
}
/** The fields of a view's cards (the view's own list: shown or not, in order; the display
 * value is the title and is not listed) and the means to change them. */
export interface CardFields {
    fields: CardField[];
    /** The fields shown, in order. */
    shown: FieldInfo[];
    isLoading: boolean;
    /** Show or hide a field, move the one at `from` to place `to`: resolve true once saved (a
     * refusal is shown to the user). */
    setShown(columnId: string, show: boolean): Promise<boolean>;
    move(from: number, to: number): Promise<boolean>;
}
/** What the in-app form gets: a form view filled in and submitted by a member who may add
 * records, without the form being shared. */
export interface FormFillProps {
    viewId: string;
    tableId: string;
    /** The view's title (the heading when the form has none). */
    title: string;
    columns: readonly FieldInfo[];
    /** The form's settings (heading, success message, ..., its `columns`). */
    form: Record<string, unknown>;
}
/** What the Fields menu of a card view's toolbar gets. */
export interface CardToolbarProps extends ViewProps {
    /** Fields the cards never list, besides the cover (a kanban's stack field). */
    exclude?: readonly (string | null | undefined)[];
}
/** A field type's editor of text (`useEditorText`). */
export interface EditorText<T> {
    /** For the editor's input (focused in a cell as the edit opens). */
    ref: RefObject<T | null>;
    text: string;
    /** What the user typed: kept, and reported as a value. */
    change(text: string): void;
}
export interface EditorTextOptions {
    /** The text a value is edited as (default: empty for none, JSON for objects, else the
     * value as a string). */
    fromValue?(value: unknown): string;
    /** The value for a text (default: null for empty text, else the text). */
    toValue?(text: string): unknown;
}
/** The choice of the field whose first image covers a card view's cards: the fields that hold
 * files, or none. */
export interface CoverFieldProps {
    /** The select's id, which its label points to. */
    id: string;
    /** The chosen field's id; "" for none. */
    value: string;
    columns: readonly FieldInfo[];
    onChange(id: string): void;
    disabled?: boolean;
    /** Labelled beside the choice (a toolbar), rather than above it with the choice filling the
     * row (a dialog). */
    inline?: boolean;
    testId?: string;
}
export interface CardFieldsMenuProps {
    state: CardFields;
    /** Whether cards leave out empty fields, and its change (absent: the switch is not shown). */
    hideEmpty?: boolean;
    onHideEmptyChange?(hide: boolean): void;
    /** The user may look but not change. */
    readOnly?: boolean;
}
/** The table's fields as its menus change them: the field dialog to add or edit one, the
 * confirmation to delete one (`element` holds them: render it), and a direct change. */
export interface FieldActions {
    add(): void;
    edit(column: FieldInfo): void;
    remove(column: FieldInfo): void;
    /** Change a field's settings (the body of NocoDB's column update); resolves true once saved,
     * a refusal is shown to the user. */
    update(column: FieldInfo, changes: Record<string, unknown>): Promise<boolean>;
    element: ReactNode;
}
/** A field of a form, with what the form's settings say of it. */
export interface FormField extends FieldInfo {
    label?: string | null;
    description?: string | null;
    /** Marked required in the form's settings. */
    required?: boolean | null;
}
/** What a form says of each field (NocoDB's form columns). */
export interface FormColumn {
    fk_column_id: string;
    show?: boolean | null;
    order?: number | null;
    label?: string | null;
    required?: boolean | null;
    description?: string | null;
}
/** What the host lends a bundle at run time, imported by name beside `definePlugin`. Adding a
 * member keeps the plugin API version; removing one or changing what it takes raises it. */
export interface HostKit {
    /** The records of `source` page after page (`where` narrows them), with the means to load more. */
    useRecordFeed(source: RecordSource, options?: {
        where?: string;
        skip?: boolean;
    }): RecordFeed;
    /** `estimated`: the count is the database's estimate (a connected database's big table). */
    useRecordCount(source: RecordSource, options?: {
        where?: string;
        skip?: boolean;
    }): {
        count: number;
        estimated?: boolean;
        isLoading: boolean;
        error?: HostError;
    };
    /** `stale`: the rows answer the query before this one (another search or order), kept while this one is read; `skip`: not read (yet). */
    useRecordsPage(source: RecordSource, query: RecordsQuery, options?: {
        skip?: boolean;
    }): {
        rows: RecordRow[] | undefined;
        isFetching: boolean;
        stale: boolean;
    };
    useRecordsReader(): RecordsReader;
    useRecordWriter(table: {
        id: string;
        projectId?: string;
        pkName: string;
    }): RecordWriter;
    /** Records a view moves: `move` shows one at once, saves it, puts it back on a refusal. */
    useRecordMoves(tableId: string, pkName: string): {
        moves: Moves;
        move(row: RecordRow, values: RecordRow): Promise<boolean>;
    };
    /** The rows of one list once the moves apply; `delta` corrects the list's count. */
    withMoves(rows: readonly RecordRow[], moves: Moves, pkName: string, belongs: (row: RecordRow) => boolean): {
        rows: RecordRow[];
        delta: number;
    };
    moveKey(pk: unknown): string;
    useRecordForm(options: RecordFormOptions): RecordForm;
    /** A field type as the catalogue describes it, or undefined when no enabled plugin provides it. */
    fieldType(uidt: string | null | undefined): FieldTypeInfo | undefined;
    fieldText(value: unknown, column: Pick<FieldColumn, "uidt">): string;
    /** Whether a field type's loaded bundle gives its own editor (which works with values). */
    hasFieldEditor(uidt: string): boolean;
    /** Whether a field type's grid editor can be kept ready in standby (`FieldEditorProps.standby`):
     * the host's text input, or a type's own editor that `keepsReady`. */
    keepsEditorReady(uidt: string): boolean;
    /** A field type's editor of text: its text (from the typed key, else the value; started over
     * each time the edit opens; empty in standby), its change, and the ref its input takes (the
     * typed key is reported, and in a cell the input focused, as the edit opens). */
    useEditorText<T extends HTMLInputElement | HTMLTextAreaElement>(props: Pick<EditorProps, "value" | "typed" | "variant" | "standby" | "onChange">, options?: EditorTextOptions): EditorText<T>;
    useFieldActions(table: {
        id: string;
        projectId?: string;
        columns: readonly FieldInfo[];
    }): FieldActions;
    /** Quote an operand (a title, a value) of a `where` clause when the grammar needs it. */
    whereValue(text: string): string;
    FieldCell: ComponentType<CellProps>;
    /** The grid's editor of a cell: the field type's editor, else a text input. */
    FieldEditor: ComponentType<FieldEditorProps>;
    RecordCard: ComponentType<RecordCardProps>;
    /** The comment counts of a page of records by record key (one request per page). */
    useCommentCounts(tableId: string, rows: readonly RecordRow[] | undefined, pkName: string, skip?: boolean): Record<string, number>;
    CommentBadge: ComponentType<{
        count: number | undefined;
    }>;
    /** The fields a card shows: the display value first, no system or cover fields. */
    cardFields(columns: readonly FieldInfo[], coverId?: string | null): FieldInfo[];
    /** The fields of a view's cards as the view lists them (`exclude`: fields a card never lists,
     * such as its cover), with the means to show, hide and move them. */
    useCardFields(view: {
        id?: string;
        tableId: string;
    }, columns: readonly FieldInfo[], exclude?: readonly (string | null | undefined)[]): CardFields;
    /** The Fields menu of a card view's toolbar. */
    CardFieldsMenu: ComponentType<CardFieldsMenuProps>;
    /** A card view's toolbar: the Fields menu and the choice of the cards' cover field. */
    CardToolbar: ComponentType<CardToolbarProps>;
    /** The fields that can cover a card view's cards (they hold files). */
    coverFields<C extends FieldInfo>(columns: readonly C[]): C[];
    /** The cover field a card view's settings name (`fk_cover_image_col_id`): by default the first
     * field that holds files; "" when the settings want none (an empty id) or none exists. */
    chosenCover(settings: Record<string, unknown>, columns: readonly FieldInfo[]): string;
    /** The choice of a card view's cover field, labelled. */
    CoverField: ComponentType<CoverFieldProps>;
    /** A form view as its members fill it in and submit it (no share needed). */
    FormFill: ComponentType<FormFillProps>;
    LoadMore: ComponentType<{
        feed: Pick<RecordFeed, "hasMore" | "isFetchingMore" | "loadMore" | "rows">;
    }>;
    /** Its children (a dialog) drawn again only while `open` is or was just true: a closed dialog
     * stays as it was when the view around it is drawn again. */
    WhileOpen: ComponentType<{
        open: boolean;
        children: ReactNode;
    }>;
    /** One field of a form as the public form shows it (a preview without a shared link). */
    FormFieldInput: ComponentType<{
        field: FormField;
        value: unknown;
        onChange(value: unknown): void;
    }>;
    /** The fields a form shows, in its order, with what its settings say of each. */
    formFields(columns: readonly FieldInfo[], formColumns?: readonly FormColumn[]): FormField[];
    isFillable(column: FieldInfo): boolean;
    /** Whether the public form asks for a field (`all`: the table's fields). */
    isRequiredInForm(field: FormField, all: readonly FieldInfo[]): boolean;
    /** While `active`, live reloads of `tableId` wait. */
    useLiveHold(tableId: string, active: boolean): void;
    /** Call `listener` whenever records of `tableId` changed (their ids, or null when many did). */
    useLiveRecords(tableId: string, listener: (change: {
        tableId: string;
        ids: unknown[] | null;
    }) => void): void;
    toast(message: string, intent?: "danger" | "warning" | "success" | "primary", action?: {
        text: string;
        onClick(): void;
    }): void;
    /** Download a shared view's records (with a visitor's own sort and filters) as `<name>.csv`. */
    useDownloadSharedCsv(): (link: SharedLink, name: string) => Promise<void>;
    /** Open the import wizard on `table` (the importers the user may use), or null where the
     * user may not import into it. */
    useImportIntoTable(table: {
        id: string;
        title: string;
    }): (() => void) | null;
    /** A site-root path ("/api/...", a file's signed link) under the base path the app is served
     * under behind a proxy; full URLs unchanged. */
    siteUrl(path: string): string;
    /** The `srcset` of a stored image's signed link at the image breakpoints (320 to 1536
     * pixels wide), or undefined for an address Workbench does not scale. */
    imageSrcSet(url: string | null | undefined): string | undefined;
    /** A view's sorts and filters of the open tab only (a viewer's, who cannot save the view's):
     * kept while the tab is open, gone when it closes. */
    useTabViewState(viewId: string | undefined): TabViewState;
}
/** A sort of the open tab only. */
export interface TabSort {
    columnId: string;
    direction: "asc" | "desc";
}
/** A filter condition of the open tab only (all joined by "and"). */
export interface TabFilter {
    columnId: string;
    op: string;
    value: string;
}
export interface TabViewState {
    sorts: TabSort[];
    filters: TabFilter[];
    setSorts(sorts: TabSort[]): void;
    setFilters(filters: TabFilter[]): void;
}
export declare const siteUrl: HostKit["siteUrl"];
export declare const imageSrcSet: HostKit["imageSrcSet"];
export declare const useTabViewState: HostKit["useTabViewState"];
export declare const useRecordCount: HostKit["useRecordCount"];
export declare const useRecordFeed: HostKit["useRecordFeed"];
export declare const useRecordsPage: HostKit["useRecordsPage"];
export declare const useRecordsReader: HostKit["useRecordsReader"];
export declare const useRecordWriter: HostKit["useRecordWriter"];
export declare const moveKey: HostKit["moveKey"];
export declare const useRecordMoves: HostKit["useRecordMoves"];
export declare const withMoves: HostKit["withMoves"];
export declare const fieldText: HostKit["fieldText"];
export declare const fieldType: HostKit["fieldType"];
export declare const hasFieldEditor: HostKit["hasFieldEditor"];
export declare const keepsEditorReady: HostKit["keepsEditorReady"];
export declare const useEditorText: HostKit["useEditorText"];
export declare const useDownloadSharedCsv: HostKit["useDownloadSharedCsv"];
export declare const useImportIntoTable: HostKit["useImportIntoTable"];
export declare const useFieldActions: HostKit["useFieldActions"];
export declare const cardFields: HostKit["cardFields"];
export declare const useCardFields: HostKit["useCardFields"];
export declare const CardFieldsMenu: HostKit["CardFieldsMenu"];
export declare const CardToolbar: HostKit["CardToolbar"];
export declare const coverFields: HostKit["coverFields"];
export declare const chosenCover: HostKit["chosenCover"];
export declare const CoverField: HostKit["CoverField"];
export declare const FormFill: HostKit["FormFill"];
export declare const FieldCell: HostKit["FieldCell"];
export declare const FieldEditor: HostKit["FieldEditor"];
export declare const FormFieldInput: HostKit["FormFieldInput"];
export declare const formFields: HostKit["formFields"];
export declare const isFillable: HostKit["isFillable"];
export declare const isRequiredInForm: HostKit["isRequiredInForm"];
export declare const LoadMore: HostKit["LoadMore"];
export declare const WhileOpen: HostKit["WhileOpen"];
export declare const RecordCard: HostKit["RecordCard"];
export declare const useCommentCounts: HostKit["useCommentCounts"];
export declare const CommentBadge: HostKit["CommentBadge"];
export declare const useRecordForm: HostKit["useRecordForm"];
export declare const toast: HostKit["toast"];
export declare const useLiveHold: HostKit["useLiveHold"];
export declare const useLiveRecords: HostKit["useLiveRecords"];
export declare const whereValue: HostKit["whereValue"];
