// The plugin catalogue: what the enabled plugins provide (field types, view types, importers,
// sign-in providers, UI bundles) and their messages in one language, as the server describes
// it (docs/catalogue.md). The first page has it in its boot state; when the language changes
// it is read again through the one RTK Query API. Every menu and per-type decision of the web
// app reads it; a type that is not in it (its plugin is disabled) is shown as read-only text.
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { workbenchApi } from "../app/api";
import { useAppSelector } from "../app/hooks";
import type { FieldCapabilities, FieldTypeInfo, JsonSchema } from "./hostApi";

export type { FieldCapabilities, FieldGroup, JsonSchema } from "./hostApi";
/** A field type as the catalogue describes it. */
export type CatalogueFieldType = FieldTypeInfo;

export interface CatalogueViewType {
  name: string;
  plugin: string;
  label: string;
  icon: string;
  order: number;
  /** NocoDB's numeric view type. */
  type: number;
  /** Views are created under /api/v1/db/meta/tables/{tableId}/{path}; their settings are
   * /api/v1/db/meta/{path}/{viewId} (null: the type declares none). */
  path: string | null;
  /** Whether that settings path answers GET (the grid's answers PATCH only). */
  readable: boolean;
  /** What a shared link to one offers: its records ("rows") or a form to fill ("submit"). */
  public: "rows" | "submit" | null;
  /** Its views show records, which can be downloaded (a form's do not). */
  records?: boolean;
  settings: JsonSchema;
  bundle: string | null;
}

export interface CatalogueImporter {
  name: string;
  plugin: string;
  label: string;
  icon: string;
  extensions: string[];
  mediaTypes: string[];
  optionKeys: string[];
  bundle: string | null;
}

/** A webhook notifier: where hooks send (signed-in users only). */
export interface CatalogueNotifier {
  name: string;
  plugin: string;
  label: string;
  icon: string;
  order: number;
  /** JSON Schema of the hook's `notification.payload` for it. */
  settings: JsonSchema;
  bundle: string | null;
}

/** A kind of existing database a project can connect to (signed-in users only). */
export interface CatalogueDatabaseClient {
  name: string;
  plugin: string;
  label: string;
  icon: string;
  order: number;
  /** The connection fields its form asks for (host, port, user, password, database; filename). */
  fields: string[];
  defaultPort: number | null;
  defaultSearchPath: string[];
  usesSearchPath: boolean;
  supportsSsl: boolean;
  fileBased: boolean;
  bundle: string | null;
}

export interface CatalogueAuthProvider {
  name: string;
  plugin: string;
  label: string;
  icon: string;
  kind: "form" | "redirect";
  configured: boolean;
  bundle: string | null;
}

export interface Catalogue {
  apiVersion: number;
  fieldTypes: CatalogueFieldType[];
  viewTypes: CatalogueViewType[];
  /** Signed-in users only. */
  importers?: CatalogueImporter[];
  /** Signed-in users only. */
  notifiers?: CatalogueNotifier[];
  /** Signed-in users only. */
  databaseClients?: CatalogueDatabaseClient[];
  authProviders: CatalogueAuthProvider[];
  bundles: Record<string, { url: string; apiVersion: number }>;
  messages: Record<string, string>;
}

export const EMPTY_CATALOGUE: Catalogue = {
  apiVersion: 1,
  fieldTypes: [],
  viewTypes: [],
  importers: [],
  notifiers: [],
  databaseClients: [],
  authProviders: [],
  bundles: {},
  messages: {},
};

/** The order in which the add-field menu shows its groups; a group not listed comes last. */
export const FIELD_GROUPS: readonly string[] = ["text", "number", "date", "choice", "link", "computed", "file", "other"];

// The catalogue last read, for the helpers that run outside React (cell text, paste, search).
let current: Catalogue = EMPTY_CATALOGUE;
let byUidt = new Map<string, CatalogueFieldType>();

export function setCatalogue(catalogue: Catalogue | null | undefined): void {
  current = catalogue ?? EMPTY_CATALOGUE;
  byUidt = new Map(current.fieldTypes.map((t) => [t.uidt, t]));
}

export function currentCatalogue(): Catalogue {
  return current;
}

/** A field type of the catalogue, or undefined when its plugin is not enabled. */
export function fieldTypeOf(uidt: string | null | undefined): CatalogueFieldType | undefined {
  return uidt ? byUidt.get(uidt) : undefined;
}

/** Whether a field type's plugin is enabled (the type is in the catalogue). */
export function isKnownFieldType(uidt: string | null | undefined): boolean {
  return !!fieldTypeOf(uidt);
}

/** A capability of a field type; a type that is not in the catalogue has none. */
export function capability<K extends keyof FieldCapabilities>(uidt: string | null | undefined, key: K): FieldCapabilities[K] | undefined {
  return fieldTypeOf(uidt)?.capabilities[key];
}

/** The field types with a capability (e.g. every type that holds files). */
export function typesWith(test: (t: CatalogueFieldType) => boolean): Set<string> {
  return new Set(current.fieldTypes.filter(test).map((t) => t.uidt));
}

/** Whether a field's value is one of its options ("single") or a list of them ("multi"): a
 * type whose settings hold options; a single one is compared for equality. */
export function choiceKind(uidt: string | null | undefined): "single" | "multi" | null {
  const type = fieldTypeOf(uidt);
  if (!type?.settings.properties?.colOptions?.properties?.options) return null;
  return type.capabilities.filterOperators.includes("eq") ? "single" : "multi";
}

/** Whether a type's values are true or false. */
export function isBoolean(uidt: string | null | undefined): boolean {
  return capability(uidt, "export") === "boolean";
}

/** Whether a type's values are dates (with or without a time): dates filter by days. */
export function isDateType(uidt: string | null | undefined): boolean {
  return !!capability(uidt, "filterOperators")?.includes("isWithin");
}

/** Whether a date type's values carry a time of day. */
export function hasTime(uidt: string | null | undefined): boolean {
  return capability(uidt, "export") === "datetime";
}

/** The text type a new table's first field gets: the first creatable text type. */
export function firstTextType(): string | undefined {
  return [...current.fieldTypes].sort((a, b) => a.order - b.order).find((t) => t.creatable && t.group === "text")?.uidt;
}

export const catalogueApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    catalogue: build.query<Catalogue, string>({
      query: (lang) => ({ url: "/api/v1/catalogue", params: { lang } }),
      providesTags: ["Catalogue"],
    }),
  }),
});

/** The catalogue for the page's language (from the boot state, else read from the server);
 * while the next language's is read, the previous one is kept. `loaded` is false until one
 * has been received. */
export function useCatalogueState(): { catalogue: Catalogue; loaded: boolean } {
  const lang = useAppSelector((s) => s.locale.lang);
  const { currentData, data } = catalogueApi.useCatalogueQuery(lang);
  const got = currentData ?? data;
  return { catalogue: got ?? current, loaded: !!got || current !== EMPTY_CATALOGUE };
}

export function useCatalogue(): Catalogue {
  return useCatalogueState().catalogue;
}

/** The creatable field types in menu order, and a lookup by uidt. */
export function useFieldTypes() {
  const catalogue = useCatalogue();
  return useMemo(() => {
    const sorted = [...catalogue.fieldTypes].sort((a, b) => a.order - b.order);
    return { all: sorted, byUidt: new Map(sorted.map((t) => [t.uidt, t])) };
  }, [catalogue]);
}

/** A field type's translated label (its name when no enabled plugin provides it). */
export function useFieldTypeLabel(): (uidt: string) => string {
  const intl = useIntl();
  return (uidt) => {
    const type = fieldTypeOf(uidt);
    return type ? intl.formatMessage({ id: type.label, defaultMessage: uidt }) : uidt;
  };
}
