// A cell drawing a record's QR code or barcode: the SVG of the field's image route (read
// with the session's token through the host's API), a thumbnail in the cell and a larger
// view in a dialog on click. Shared by the qrcode and barcode UI bundles.
import { useState } from "react";
import { useIntl } from "react-intl";
import { Dialog, DialogBody, FormGroup, HTMLSelect } from "@blueprintjs/core";
import type { CellProps, PluginHost, SettingsProps } from "@workbench/plugin-api";

/** Field types a QR code or barcode may show (the server checks the same). */
const SOURCE_TYPES = new Set(["SingleLineText", "LongText", "URL", "Email", "PhoneNumber", "Number", "Decimal", "Formula"]);
const BARCODE_FORMATS = ["CODE128", "CODE39", "EAN13", "EAN8", "UPC", "ITF14", "CODABAR"];

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The endpoints and cell of one code type; `plugin` is the plugin id (messages, routes). */
export function codeUI(plugin: "qrcode" | "barcode") {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let api: any = null;
  const endpoint = `${plugin}Image`;
  const hook = `use${plugin[0].toUpperCase()}${plugin.slice(1)}ImageQuery`;

  function setup(host: PluginHost) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const base = host.api as any;
    if (!base?.injectEndpoints) return;
    const enc = encodeURIComponent;
    api = base.injectEndpoints({
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      endpoints: (build: any) => ({
        [endpoint]: build.query({
          query: ({ tableId, columnId, rowId }: Record<string, unknown>) =>
            `/api/plugins/${plugin}/tables/${enc(String(tableId))}/columns/${enc(String(columnId))}/records/${enc(String(rowId))}`,
          providesTags: (_r: unknown, _e: unknown, { tableId }: Record<string, unknown>) => [{ type: "Records", id: tableId }],
        }),
      }),
    });
  }

  function CodeCell({ value, column, tableId, rowId }: CellProps) {
    const intl = useIntl();
    const [open, setOpen] = useState(false);
    const empty = value === null || value === undefined || value === "";
    const skip = !api || empty || !tableId || rowId === undefined || rowId === null;
    const result = api?.[hook]({ tableId, columnId: column.id, rowId, value }, { skip });
    if (empty) return null;
    const label = intl.formatMessage({ id: `plugin.field_${plugin}.image` }, { value: String(value) });
    if (result?.error) {
      return (
        <span className="bp6-text-danger" title={String(result.error.message ?? "")} data-testid="code-error">
          {result.error.message ?? String(value)}
        </span>
      );
    }
    if (typeof result?.data !== "string") return <span className="bp6-text-muted">{String(value)}</span>;
    const src = svgDataUrl(result.data);
    return (
      <>
        <button type="button" className="wb-code-thumb" aria-label={label} onClick={() => setOpen(true)} data-testid={`${plugin}-thumb`}>
          <img src={src} alt={label} />
        </button>
        <Dialog isOpen={open} onClose={() => setOpen(false)} title={column.title} className="wb-dialog">
          <DialogBody>
            <img className="wb-code-large" src={src} alt={label} data-testid={`${plugin}-large`} />
            <p className="bp6-text-muted">{String(value)}</p>
          </DialogBody>
        </Dialog>
      </>
    );
  }

  const sourceKey = plugin === "qrcode" ? "fk_qr_value_column_id" : "fk_barcode_value_column_id";

  /** The field the code shows and (barcode) its format. */
  function CodeSettings({ value, onChange, columns }: SettingsProps) {
    const intl = useIntl();
    const m = (key: string) => intl.formatMessage({ id: `plugin.field_${plugin}.settings.${key}` });
    const meta = (value.meta ?? {}) as Record<string, unknown>;
    const sources = columns.filter((c) => !c.system && !c.pk && SOURCE_TYPES.has(c.uidt));
    return (
      <>
        <FormGroup label={m("source")} labelFor="field-source">
          <HTMLSelect
            id="field-source"
            fill
            value={String(value[sourceKey] ?? "")}
            onChange={(e) => onChange({ ...value, [sourceKey]: e.currentTarget.value })}
            data-testid="field-source"
          >
            <option value="">{m("choose")}</option>
            {sources.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {plugin === "barcode" && (
          <FormGroup label={m("format")} labelFor="field-barcode-format">
            <HTMLSelect
              id="field-barcode-format"
              fill
              value={String(meta.barcodeFormat ?? "CODE128")}
              onChange={(e) => onChange({ ...value, meta: { ...meta, barcodeFormat: e.currentTarget.value } })}
              data-testid="field-barcode-format"
            >
              {BARCODE_FORMATS.map((f) => (
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

  function settingsOf(column: CellProps["column"]): Record<string, unknown> {
    const options = (column.colOptions ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = { [sourceKey]: options[sourceKey] };
    if (plugin === "barcode") out.meta = { barcodeFormat: (column.meta as Record<string, unknown> | null | undefined)?.barcodeFormat ?? "CODE128" };
    return out;
  }

  return { setup, Cell: CodeCell, Settings: CodeSettings, settingsOf };
}
