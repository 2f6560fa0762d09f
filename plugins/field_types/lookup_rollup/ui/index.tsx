// The UI of lookups and rollups (read-only, computed by the server): a lookup shows the
// values it reached through the link as a list of chips, a rollup its one value.
import { useIntl } from "react-intl";
import { FormGroup, HTMLSelect, Tag } from "@blueprintjs/core";
import { definePlugin, type CellProps, type PluginHost, type SettingsProps } from "@workbench/plugin-api";

export function itemText(item: unknown): string {
  if (item === null || item === undefined) return "";
  if (typeof item === "boolean") return item ? "✓" : "";
  if (typeof item === "object") {
    // a looked-up link or attachment: its display value or title
    const o = item as Record<string, unknown>;
    if (typeof o.title === "string") return o.title;
    const values = Object.values(o);
    return itemText(values.length > 1 ? values[1] : values[0]);
  }
  return String(item);
}

function LookupCell({ value }: CellProps) {
  const intl = useIntl();
  const items = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).filter(
    (item) => itemText(item) !== "",
  );
  if (!items.length) return null;
  return (
    <span className="wb-lookup-list" data-testid="lookup-list" aria-label={intl.formatMessage({ id: "plugin.field_lookup_rollup.values" }, { n: items.length })}>
      {items.map((item, i) => (
        <Tag key={i} minimal className="wb-lookup-item" data-testid="lookup-item">
          {itemText(item)}
        </Tag>
      ))}
    </span>
  );
}

function RollupCell({ value }: CellProps) {
  const intl = useIntl();
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return (
    <span className="wb-number-cell" data-testid="rollup-value">
      {Number.isFinite(n) ? intl.formatNumber(n, { maximumFractionDigits: 6 }) : String(value)}
    </span>
  );
}

type Row = Record<string, unknown>;
const LINK_TYPES = ["Links", "LinkToAnotherRecord"];
const FUNCTIONS = ["count", "min", "max", "avg", "sum", "countDistinct", "sumDistinct", "avgDistinct"];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let api: any = null;

function setup(host: PluginHost) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const base = host.api as any;
  if (!base?.injectEndpoints) return;
  api = base.injectEndpoints({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    endpoints: (build: any) => ({
      lookupTableMeta: build.query({
        query: (tableId: string) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}`,
        providesTags: (_r: unknown, _e: unknown, tableId: string) => [{ type: "Table", id: tableId }],
      }),
    }),
  });
}

function Choose({ id, label, value, onChange, options }: {
  id: string;
  label: string;
  value?: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
}) {
  const intl = useIntl();
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill value={value ?? ""} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
        <option value="">{intl.formatMessage({ id: "plugin.field_lookup_rollup.settings.choose" })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** A lookup or rollup: the link field, the field of the linked table it reads and (rollup)
 * the function it applies. */
function ThroughLinkSettings({ uidt, value, onChange, columns }: SettingsProps) {
  const intl = useIntl();
  const rollup = uidt === "Rollup";
  const targetKey = rollup ? "fk_rollup_column_id" : "fk_lookup_column_id";
  const links = columns.filter((c) => LINK_TYPES.includes(c.uidt));
  const link = links.find((c) => c.id === value.fk_relation_column_id);
  const relatedId = (link?.colOptions as Row | null | undefined)?.fk_related_model_id as string | undefined;
  const related = api?.useLookupTableMetaQuery(relatedId ?? "", { skip: !relatedId });
  const relatedColumns = ((related?.data as { columns?: (Row & { id: string; title: string })[] } | undefined)?.columns ?? []).filter(
    (c) => !c.system && !c.pk,
  );
  const m = (key: string) => intl.formatMessage({ id: `plugin.field_lookup_rollup.settings.${key}` });
  if (!links.length) return <p className="bp6-text-muted" data-testid="field-no-links">{m("noLinks")}</p>;
  return (
    <>
      <Choose
        id="field-relation"
        label={m("link")}
        value={value.fk_relation_column_id as string | undefined}
        onChange={(id) => onChange({ ...value, fk_relation_column_id: id, [targetKey]: undefined })}
        options={links.map((c) => ({ value: c.id, label: c.title }))}
      />
      <Choose
        id="field-target"
        label={m("target")}
        value={value[targetKey] as string | undefined}
        onChange={(id) => onChange({ ...value, [targetKey]: id })}
        options={relatedColumns.map((c) => ({ value: c.id, label: c.title }))}
      />
      {rollup && (
        <FormGroup label={m("function")} labelFor="field-rollup-function">
          <HTMLSelect
            id="field-rollup-function"
            fill
            value={String(value.rollup_function ?? "sum")}
            onChange={(e) => onChange({ ...value, rollup_function: e.currentTarget.value })}
            data-testid="field-rollup-function"
          >
            {FUNCTIONS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </>
  );
}

function settingsOf(column: CellProps["column"]): Row {
  const o = (column.colOptions ?? {}) as Row;
  const out: Row = { fk_relation_column_id: o.fk_relation_column_id };
  if (o.fk_rollup_column_id !== undefined) Object.assign(out, { fk_rollup_column_id: o.fk_rollup_column_id, rollup_function: o.rollup_function ?? "sum" });
  else out.fk_lookup_column_id = o.fk_lookup_column_id;
  return out;
}

export default definePlugin({
  id: "field_lookup_rollup",
  setup,
  fieldTypes: {
    Lookup: { Cell: LookupCell, Settings: ThroughLinkSettings, settingsOf },
    Rollup: { Cell: RollupCell, Settings: ThroughLinkSettings, settingsOf },
  },
});
