// The wizard's first step: the file (picked or dropped; its extension checked, its size
// shown), the reading options its importer offers (first row as headers, encoding, the CSV
// delimiter, as the catalogue lists them), and an
// importer plugin's own options component (slot `importer.<type>.options`) when one ships
// it, then the upload with a progress bar.
import { Button, Callout, Checkbox, DialogBody, DialogFooter, FormGroup, HTMLSelect, ProgressBar } from "@blueprintjs/core";
import { useRef, useState, type DragEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { pluginComponent } from "../../plugins/registry";
import { useCatalogue } from "../../plugins/catalogue";
import { acceptOf, fileError, formatSize, importTypeOf } from "./fileTypes";
import type { ImportOptions, ImportType } from "./types";

export const ENCODINGS = ["utf-8", "utf-16", "iso-8859-1", "windows-1252", "iso-8859-2", "windows-1251", "koi8-r", "shift_jis", "euc-jp", "gb18030", "big5", "euc-kr"];
export const DELIMITERS = [",", ";", "\t", "|"];

export interface FileChoice {
  file: File;
  options: Partial<ImportOptions>;
}

interface Props {
  allowed: readonly ImportType[];
  /** 0..1 while the upload runs, else null. */
  uploading: number | null;
  serverError: string | null;
  onUpload(choice: FileChoice): void;
  onCancel(): void;
}

export function FileStep({ allowed, uploading, serverError, onUpload, onCancel }: Props) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [headers, setHeaders] = useState(true);
  const [encoding, setEncoding] = useState("utf-8");
  const [delimiter, setDelimiter] = useState("");
  const [extra, setExtra] = useState<Record<string, unknown>>({});
  const type = file ? importTypeOf(file.name, allowed) : null;
  const problem = file ? fileError(file.name, allowed) : null;
  const plugin = type ? pluginComponent(`importer.${type}.options`) : null;
  const catalogue = useCatalogue();
  // The options the importer of the file offers (before a file is chosen: those any of the
  // allowed importers offers); an option no importer reads is never shown.
  const offering = type ? [type] : allowed;
  const offered = new Set((catalogue.importers ?? []).filter((i) => offering.includes(i.name)).flatMap((i) => i.optionKeys));
  const takesHeaders = offered.has("firstRowAsHeaders");
  const takesEncoding = offered.has("encoding");
  const takesDelimiter = offered.has("delimiter");

  const choose = (chosen: File | undefined) => {
    if (chosen) setFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files?.[0]);
  };
  const submit = () => {
    if (!file || !type) return;
    const options: Partial<ImportOptions> = { ...extra, type };
    if (takesHeaders) options.firstRowAsHeaders = headers;
    if (takesEncoding) options.encoding = encoding;
    if (takesDelimiter) options.delimiter = delimiter || null;
    onUpload({ file, options });
  };

  return (
    <>
      <DialogBody>
        {serverError && <Callout intent="danger" className="wb-gap" data-testid="import-error">{serverError}</Callout>}
        <div
          className={`wb-import-drop${dragging ? " wb-import-drop-over" : ""}`}
          onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="import-drop"
        >
          <p>
            <FormattedMessage id="import.file.drop" values={{ extensions: acceptOf(allowed).replaceAll(",", ", ") }} />
          </p>
          <Button icon="folder-open" onClick={() => input.current?.click()} disabled={uploading !== null} data-testid="import-choose">
            <FormattedMessage id="import.file.choose" />
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptOf(allowed)}
            onChange={(e) => choose(e.currentTarget.files?.[0])}
            data-testid="import-file-input"
          />
          {file && (
            <p className="wb-import-file" data-testid="import-file">
              <strong>{file.name}</strong> <span className="bp6-text-muted">{formatSize(file.size, intl.locale)}</span>
            </p>
          )}
        </div>
        {problem && (
          <Callout intent="warning" className="wb-gap" data-testid="import-file-error">
            <FormattedMessage id={problem.id} values={problem.values} />
          </Callout>
        )}
        {takesHeaders && (
          <Checkbox checked={headers} onChange={(e) => setHeaders(e.currentTarget.checked)} data-testid="import-headers">
            <FormattedMessage id="import.options.headers" />
          </Checkbox>
        )}
        <div className="wb-import-options">
          {takesEncoding && (
            <FormGroup label={intl.formatMessage({ id: "import.options.encoding" })} labelFor="import-encoding">
              <HTMLSelect id="import-encoding" value={encoding} onChange={(e) => setEncoding(e.currentTarget.value)} data-testid="import-encoding">
                {ENCODINGS.map((e) => <option key={e} value={e}>{e}</option>)}
              </HTMLSelect>
            </FormGroup>
          )}
          {takesDelimiter && (
            <FormGroup label={intl.formatMessage({ id: "import.options.delimiter" })} labelFor="import-delimiter">
              <HTMLSelect id="import-delimiter" value={delimiter} onChange={(e) => setDelimiter(e.currentTarget.value)} data-testid="import-delimiter">
                <option value="">{intl.formatMessage({ id: "import.options.delimiter.auto" })}</option>
                {DELIMITERS.map((d) => (
                  <option key={d} value={d}>{intl.formatMessage({ id: `import.options.delimiter.${d === "\t" ? "tab" : d === "," ? "comma" : d === ";" ? "semicolon" : "pipe"}` })}</option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        </div>
        {plugin && (
          <PluginBoundary pluginId={plugin.pluginId} fallback={null}>
            <plugin.Component options={extra} onChange={(patch: Record<string, unknown>) => setExtra((o) => ({ ...o, ...patch }))} />
          </PluginBoundary>
        )}
        {uploading !== null && (
          <div className="wb-gap" data-testid="import-upload-progress">
            <FormattedMessage id="import.upload.progress" values={{ percent: Math.round(uploading * 100) }} />
            <ProgressBar intent="primary" value={uploading} stripes={uploading >= 1} />
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button intent="primary" onClick={submit} disabled={!file || !type || uploading !== null} loading={uploading !== null} data-testid="import-upload">
              <FormattedMessage id="import.upload" />
            </Button>
          </>
        }
      />
    </>
  );
}
