// A cell drawing a record's QR code or barcode: the SVG of the field's image route (read
// with the session's token through the host's API), a thumbnail in the cell and a larger
// view in a dialog on click. Shared by the qrcode and barcode UI bundles.
import { useState } from "react";
import { useIntl } from "react-intl";
import { Dialog, DialogBody } from "@blueprintjs/core";
import type { CellProps, PluginHost } from "@workbench/plugin-api";

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

  return { setup, Cell: CodeCell };
}
