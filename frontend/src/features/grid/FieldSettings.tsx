// A field type's settings in the field dialog: its plugin's settings component when its
// bundle has one, else a form generated from the catalogue's settings schema; a type without
// settings shows nothing.
import type { CatalogueFieldType } from "../../plugins/catalogue";
import type { CellProps, SettingsProps } from "../../plugins/hostApi";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { fieldTypeUI } from "../../plugins/registry";
import type { Column } from "../tables/api";
import { SchemaForm, schemaFields } from "./SchemaForm";

type Value = Record<string, unknown>;

/** The settings of an existing field: its plugin reads them, else each key of the schema is
 * read from the column (`meta`, `colOptions`, or an option of either by its name). */
export function settingsOfColumn(type: CatalogueFieldType | undefined, column: Column | null | undefined): Value {
  if (!type || !column || column.uidt !== type.uidt) return {};
  const own = fieldTypeUI(type.uidt)?.settingsOf;
  if (own) return own(column as CellProps["column"]);
  const options = (column.colOptions ?? {}) as Value;
  const meta = (column.meta ?? {}) as Value;
  const out: Value = {};
  for (const key of Object.keys(type.settings.properties ?? {})) {
    if (key === "meta") out.meta = { ...meta };
    else if (key === "colOptions") out.colOptions = { ...options };
    else if (options[key] !== undefined) out[key] = options[key];
    else if (meta[key] !== undefined) out[key] = meta[key];
  }
  return out;
}

/** Whether the type's plugin claims the server's refusal (shown inside its settings). */
export function settingsOwnError(uidt: string, message: string | null | undefined): boolean {
  return !!message && !!fieldTypeUI(uidt)?.ownsError?.(message);
}

interface Props extends Omit<SettingsProps, "column" | "columns" | "uidt"> {
  type: CatalogueFieldType;
  column?: Column | null;
  columns: readonly Column[];
}

export function FieldSettings({ type, value, onChange, column, columns, projectId, tableId, serverError }: Props) {
  const ui = fieldTypeUI(type.uidt);
  const generated = schemaFields(type.settings).length ? (
    <SchemaForm schema={type.settings} value={value} onChange={onChange} />
  ) : null;
  if (ui?.Settings) {
    const Settings = ui.Settings;
    return (
      <PluginBoundary
        key={type.uidt}
        pluginId={ui.pluginId}
        fallback={generated}
      >
        <div className="wb-field-settings" data-testid="field-settings">
          <Settings
            uidt={type.uidt}
            value={value}
            onChange={onChange}
            column={column as CellProps["column"] | null | undefined}
            columns={columns as SettingsProps["columns"]}
            projectId={projectId}
            tableId={tableId}
            serverError={serverError}
          />
        </div>
      </PluginBoundary>
    );
  }
  return generated;
}
