// The upload of an import's file with progress (XMLHttpRequest: fetch reports no upload
// progress), with the app's headers: xc-gui, xc-auth while the token is valid, xc-preview.
// A 401 refreshes the token once (through the app's HTTP client, shared with its other
// callers) and sends again, as every other request does.
import { errorText, type HttpClient, type HttpError } from "../../app/http";
import { isTokenValid } from "../session/token";
import type { ImportJob, ImportOptions } from "./types";

export interface UploadSession {
  getToken(): string | null;
  getPreviewAs(): string | null;
  http: Pick<HttpClient, "refresh">;
  baseUrl?: string;
}

export interface UploadHandle {
  promise: Promise<{ data: ImportJob } | { error: HttpError }>;
  abort(): void;
}

/** Send `file` with `options`; `onProgress` gets 0..1 as the bytes go out. */
export function uploadImport(
  session: UploadSession,
  projectId: string,
  file: File,
  options: Partial<ImportOptions>,
  onProgress: (fraction: number) => void,
): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const url = `${(session.baseUrl ?? "").replace(/\/$/, "")}/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/imports`;

  const send = (token: string | null) =>
    new Promise<{ status: number | "FETCH_ERROR"; data: unknown; message?: string }>((resolve) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open("POST", url);
      xhr.withCredentials = true;
      xhr.setRequestHeader("xc-gui", "true");
      if (token) xhr.setRequestHeader("xc-auth", token);
      const previewAs = session.getPreviewAs();
      if (previewAs) xhr.setRequestHeader("xc-preview", previewAs);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        let data: unknown = xhr.responseText;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: xhr.status, data });
      };
      xhr.onerror = () => resolve({ status: "FETCH_ERROR", data: null, message: "Network error" });
      xhr.onabort = () => resolve({ status: "FETCH_ERROR", data: null, message: "Aborted" });
      const form = new FormData();
      form.append("file", file, file.name);
      form.append("options", JSON.stringify(options));
      xhr.send(form);
    });

  const promise = (async () => {
    const stored = session.getToken();
    let result = await send(stored && isTokenValid(stored, Date.now()) ? stored : null);
    if (result.status === 401 && !aborted) {
      const token = await session.http.refresh();
      if (token && !aborted) {
        onProgress(0);
        result = await send(token);
      }
    }
    const { status, data } = result;
    if (status === "FETCH_ERROR") return { error: { status, message: errorText(status, null, result.message) } };
    if (status >= 400) return { error: { status, data, message: errorText(status, data) } };
    onProgress(1);
    return { data: data as ImportJob };
  })();

  return {
    promise,
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}
