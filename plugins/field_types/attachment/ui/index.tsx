// The UI of Attachment fields: cells show image thumbnails and file chips through the
// files' signed links (they work without a token for a while); the editor uploads files
// (chosen or dropped) or fetches them by URL, removes them, and gives the new list to the
// host, which saves the record.
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { Button, Dialog, DialogBody, DialogFooter, FileInput, InputGroup, Tag } from "@blueprintjs/core";
import { definePlugin, imageSrcSet, siteUrl, type CellProps, type EditorProps, type PluginHost } from "@workbench/plugin-api";

type FileObject = { path?: string; url?: string; title?: string; mimetype?: string; size?: number; signedPath?: string; signedUrl?: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let filesApi: any = null;

function setup(host: PluginHost) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api = host.api as any;
  if (!api?.injectEndpoints) return;
  filesApi = api.injectEndpoints({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    endpoints: (build: any) => ({
      attachmentUpload: build.mutation({
        query: ({ projectId, columnId, body, byUrl }: { projectId: string; columnId: string; body: unknown; byUrl?: boolean }) => ({
          url: byUrl ? "/api/v2/storage/upload-by-url" : "/api/v2/storage/upload",
          method: "POST",
          params: { project_id: projectId, column_id: columnId },
          body,
        }),
      }),
    }),
  });
}

export function filesOf(value: unknown): FileObject[] {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(v) ? v.filter((f): f is FileObject => !!f && typeof f === "object") : [];
}

/** Where the browser can read a file: its signed link, else its external address. */
export function fileHref(file: FileObject): string | undefined {
  const href = file.signedPath ?? file.signedUrl ?? file.url;
  if (!href) return undefined;
  return /^https?:\/\//.test(href) ? href : siteUrl(href.startsWith("/") ? href : `/${href}`);
}

const isImage = (file: FileObject) => (file.mimetype ?? "").startsWith("image/");

function Thumb({ file }: { file: FileObject }) {
  const href = fileHref(file);
  const title = file.title ?? "";
  if (isImage(file) && href) {
    // A small copy of a large image (the smallest image breakpoint covers a thumbnail).
    return <img className="wb-attachment-thumb" src={href} srcSet={imageSrcSet(href)} sizes="48px" alt={title} title={title} loading="lazy" data-testid="attachment-thumb" />;
  }
  return (
    <Tag minimal icon="document" className="wb-attachment-chip" title={title} data-testid="attachment-chip">
      {title}
    </Tag>
  );
}

function AttachmentCell({ value }: CellProps) {
  const files = filesOf(value);
  if (!files.length) return null;
  return (
    <span className="wb-attachments">
      {files.map((file, i) => (
        <Thumb key={i} file={file} />
      ))}
    </span>
  );
}

/** What the server keeps of a file the client sends back (signed links are dropped anyway). */
function stored(file: FileObject): FileObject {
  const { signedPath: _p, signedUrl: _u, ...rest } = file;
  return rest;
}

function AttachmentEditor({ value, column, projectId, onChange, onDone }: EditorProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `plugin.field_attachment.${id}` }, values);
  const [files, setFiles] = useState<FileObject[]>(() => filesOf(value));
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The host's callback changes on every render: read it through a ref.
  const report = useRef(onChange);
  report.current = onChange;
  const first = useRef(true);
  useEffect(() => {
    // At first the value as it is (so that closing without a change saves nothing).
    report.current(first.current ? value : files.map(stored));
    first.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files]);

  const [upload] = filesApi?.useAttachmentUploadMutation() ?? [null];
  const send = async (body: unknown, byUrl: boolean) => {
    if (!upload || !projectId) return;
    setBusy(true);
    setError(null);
    const result = await upload({ projectId, columnId: column.id, body, byUrl });
    setBusy(false);
    if ("error" in result) setError(String(result.error?.message ?? result.error));
    else setFiles((prev) => [...prev, ...(result.data as FileObject[])]);
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.currentTarget.files ?? []);
    if (!chosen.length) return;
    const form = new FormData();
    chosen.forEach((file, i) => form.append(`file${i}`, file, file.name));
    void send(form, false);
    event.currentTarget.value = "";
  };
  const addUrl = () => {
    const address = url.trim();
    if (!address) return;
    setUrl("");
    void send([{ url: address }], true);
  };
  const onUrlKey = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      addUrl();
    }
  };

  return (
    <Dialog isOpen onClose={onDone} title={t("title", { field: column.title })} className="wb-dialog wb-attachment-editor">
      <DialogBody>
        <ul className="wb-attachment-list">
          {files.length === 0 && <li className="bp6-text-muted">{t("none")}</li>}
          {files.map((file, i) => (
            <li key={i} data-testid="attachment-item">
              <Thumb file={file} />
              <span className="wb-attachment-title">{file.title}</span>
              <Button
                size="small"
                variant="minimal"
                icon="cross"
                aria-label={t("remove", { name: file.title ?? "" })}
                onClick={() => setFiles((prev) => prev.filter((_, j) => j !== i))}
                data-testid="attachment-remove"
              />
            </li>
          ))}
        </ul>
        <FileInput
          fill
          text={t("choose")}
          buttonText={t("browse")}
          disabled={busy}
          inputProps={{ multiple: true, "data-testid": "attachment-file" } as never}
          onInputChange={onFiles as never}
        />
        <div className="wb-attachment-url">
          <InputGroup
            placeholder="https://"
            value={url}
            onValueChange={setUrl}
            onKeyDown={onUrlKey}
            aria-label={t("byUrl")}
            data-testid="attachment-url"
          />
          <Button onClick={addUrl} disabled={busy || !url.trim()} data-testid="attachment-url-add">
            {t("add")}
          </Button>
        </div>
        {error && (
          <div className="bp6-text-danger" role="alert" data-testid="attachment-error">
            {error}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" loading={busy} onClick={onDone} data-testid="attachment-done">
            {t("done")}
          </Button>
        }
      />
    </Dialog>
  );
}

export default definePlugin({
  id: "field_attachment",
  setup,
  fieldTypes: { Attachment: { Cell: AttachmentCell, Editor: AttachmentEditor } },
});
