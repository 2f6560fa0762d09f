// The download of a view's records as one streamed file (the server's `stream=true`), read as
// it arrives so that a progress bar can follow it and the user can cancel it; the file is then
// handed to the browser.
import type { HttpClient, HttpError } from "../../app/http";
import { csvRowCounter, xlsxRowCounter, type RowCounter } from "./progress";

/** The download formats, as the server's paths name them. */
export const EXPORT_KINDS = ["csv", "excel"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportProgress {
  /** Records received so far. */
  rows: number;
  /** Records in the whole file (from the server), or null when it did not say. */
  total: number | null;
  bytes: number;
}

export interface ExportRequest {
  projectId: string;
  tableId: string;
  viewId: string;
  kind: ExportKind;
  signal?: AbortSignal;
  onProgress?(progress: ExportProgress): void;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

export class ExportError extends Error {
  constructor(readonly error: HttpError) {
    super(error.message);
  }
}

export function exportPath(projectId: string, tableId: string, viewId: string, kind: ExportKind): string {
  const part = encodeURIComponent;
  return `/api/v1/db/data/noco/${part(projectId)}/${part(tableId)}/views/${part(viewId)}/export/${kind}`;
}

/** The file name a Content-Disposition header gives (its UTF-8 form first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed escape: try the plain name
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

function counterFor(kind: ExportKind): RowCounter {
  return kind === "csv" ? csvRowCounter() : xlsxRowCounter();
}

const MEDIA_TYPES: Record<ExportKind, string> = {
  csv: "text/csv;charset=utf-8",
  excel: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Download every record of a view; rejects with an ExportError (the server's message) or an
 * AbortError when `signal` aborts it. */
export async function downloadRecords(http: HttpClient, req: ExportRequest): Promise<ExportedFile> {
  let timezone: string | undefined;
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = undefined;
  }
  const result = await http.request<Response>({
    url: exportPath(req.projectId, req.tableId, req.viewId, req.kind),
    params: { stream: "true", timezone },
    responseType: "stream",
    signal: req.signal,
  });
  if (result.error) {
    if (req.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    throw new ExportError(result.error);
  }
  const response = result.data;
  const totalHeader = response.headers.get("wb-export-total");
  const total = totalHeader !== null && totalHeader !== "" ? Number(totalHeader) : null;
  const extension = req.kind === "csv" ? "csv" : "xlsx";
  const fileName = fileNameOf(response.headers.get("content-disposition"), `export.${extension}`);
  const counter = counterFor(req.kind);
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const body = response.body;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.length;
      counter.push(value);
      req.onProgress?.({ rows: Math.min(counter.rows(), total ?? Infinity), total, bytes });
    }
  }
  const rows = total ?? counter.rows();
  req.onProgress?.({ rows, total, bytes });
  return { blob: new Blob(parts as BlobPart[], { type: MEDIA_TYPES[req.kind] }), fileName, rows };
}

/** Hand a file to the browser as a download. */
export function saveFile(file: ExportedFile): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
