// The import wizard (a dialog): the file and its options, the upload, the template editor
// (or, into an existing table, the column mapping), then the progress. Closing it while the
// import runs leaves it running (the project home lists it); closing it on the template
// discards the uploaded file. Cancelling a running import (after a confirmation) undoes it.
import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { useTableQuery } from "../tables/api";
import { useCancelImportMutation, useStartImportMutation } from "./api";
import { FileStep, type FileChoice } from "./FileStep";
import { ImportProgress } from "./ImportProgress";
import { autoMap, mappableFields, mappingOk } from "./mapping";
import { draftOf, templateOf, updateColumn, updateTable, validateDraft, type DraftTable } from "./template";
import { TemplateEditor } from "./TemplateEditor";
import { uploadImport, type UploadHandle } from "./upload";
import { useImportJob } from "./useImportJob";
import type { ColumnMap, ImportJob, ImportType } from "./types";
import "./imports.css";

export interface WizardRequest {
  /** The importers offered (by the file's extension). */
  types: ImportType[];
  /** Import into this existing table. */
  table?: { id: string; title: string };
  /** Reopen on this import (from the project's list). */
  job?: ImportJob;
}

interface Props {
  projectId: string;
  request: WizardRequest | null;
  /** The titles of the project's tables (a new table's name must be free). */
  takenTables: readonly string[];
  onClose(): void;
  onOpenTable(title: string): void;
}

export function ImportWizard({ projectId, request, takenTables, onClose, onOpenTable }: Props) {
  const intl = useIntl();
  const store = useAppStore();
  const { job, take, reset } = useImportJob(request?.job ?? null);
  const tableId = request?.table?.id ?? request?.job?.table_id ?? null;
  const table = useTableQuery(tableId ?? "", { skip: !tableId });
  const fields = useMemo(() => (tableId ? mappableFields(table.data?.columns ?? []) : undefined), [tableId, table.data]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [draft, setDraft] = useState<DraftTable[]>([]);
  const [map, setMap] = useState<ColumnMap>({});
  // Into an existing table one sheet is imported (the server takes one table): the chosen one.
  const [sheet, setSheet] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [startImport, startState] = useStartImportMutation();
  const [cancelImport, cancelState] = useCancelImportMutation();
  const upload = useRef<UploadHandle | null>(null);

  // A new preview: its template becomes the draft; into a table, columns matched by title.
  const previewId = job?.status === "preview" ? job.id : null;
  useEffect(() => {
    if (!previewId || !job?.template) return;
    setDraft(draftOf(job.template));
    setSheet(job.template.tables[0]?.ref_table_name ?? null);
    setServerError(null);
  }, [previewId]); // eslint-disable-line react-hooks/exhaustive-deps
  const fieldsReady = !!fields && table.isSuccess;
  useEffect(() => {
    if (!previewId || !job?.template || !fields) return;
    const chosen = job.template.tables.find((t) => t.ref_table_name === sheet) ?? job.template.tables[0];
    setMap(autoMap(chosen?.columns ?? [], fields));
  }, [previewId, fieldsReady, sheet]); // eslint-disable-line react-hooks/exhaustive-deps

  // A new table imported while the wizard followed it: it opens (the wizard stays, with its
  // links). An import reopened from the list once done opens nothing by itself.
  const followed = useRef<string | null>(null);
  const opened = useRef<string | null>(null);
  if (job && (job.status === "preview" || job.status === "running")) followed.current = job.id;
  useEffect(() => {
    if (job?.status !== "done" || tableId || !job.tables.length) return;
    if (followed.current !== job.id || opened.current === job.id) return;
    opened.current = job.id;
    onOpenTable(job.tables[0].title);
  }, [job, tableId, onOpenTable]);

  const shown = tableId ? draft.filter((t) => t.ref_table_name === sheet) : draft;
  const errors = validateDraft(shown, takenTables, !!tableId);
  const canStart = errors.ok && (!fields || mappingOk(map, fields));

  const onUpload = async ({ file, options }: FileChoice) => {
    setServerError(null);
    setUploading(0);
    const settings = () => store.getState().settings.values;
    const handle = uploadImport(
      { getToken: () => settings().token, getPreviewAs: () => settings().previewAs ?? null, http: store.http },
      projectId,
      file,
      { ...options, table_id: tableId },
      setUploading,
    );
    upload.current = handle;
    const result = await handle.promise;
    // Closed meanwhile: the upload was aborted, nothing to show.
    if (upload.current !== handle) return;
    upload.current = null;
    setUploading(null);
    if ("error" in result) setServerError(result.error.message);
    else take(result.data);
  };

  const discard = () => {
    if (job?.status === "preview") void cancelImport({ importId: job.id, projectId });
  };
  const close = () => {
    const running = upload.current;
    upload.current = null;
    running?.abort();
    setUploading(null);
    discard();
    reset();
    setServerError(null);
    onClose();
  };
  const back = () => {
    discard();
    reset();
  };
  const start = async () => {
    if (!job) return;
    const result = await startImport({
      importId: job.id,
      projectId,
      template: templateOf(shown),
      columnMap: tableId ? map : undefined,
    });
    if ("error" in result) setServerError((result.error as HttpError).message);
    else {
      setServerError(null);
      take(result.data);
    }
  };
  const cancelRunning = async () => {
    setConfirmCancel(false);
    if (!job) return;
    const result = await cancelImport({ importId: job.id, projectId });
    if ("error" in result) setServerError((result.error as HttpError).message);
    else take(result.data);
  };

  const title = request?.table
    ? intl.formatMessage({ id: "import.title.into" }, { title: request.table.title })
    : intl.formatMessage({ id: "import.title" });

  let body;
  if (!job) {
    body = <FileStep allowed={request?.types ?? []} uploading={uploading} serverError={serverError} onUpload={onUpload} onCancel={close} />;
  } else if (job.status === "preview") {
    body = (
      <>
        <DialogBody>
          {serverError && <Callout intent="danger" className="wb-gap" data-testid="import-error">{serverError}</Callout>}
          <TemplateEditor
            draft={shown}
            errors={errors}
            sheets={tableId ? draft.map((t) => t.ref_table_name) : undefined}
            sheet={sheet}
            onSheet={setSheet}
            preview={job.preview}
            onTableName={(ref, name) => setDraft((d) => updateTable(d, ref, { table_name: name }))}
            onTableInclude={(ref, include) => setDraft((d) => updateTable(d, ref, { include }))}
            onColumn={(tableRef, columnRef, change) => setDraft((d) => updateColumn(d, tableRef, columnRef, change))}
            fields={fields}
            map={fields ? map : undefined}
            onMap={(columnRef, fieldId) => setMap((m) => ({ ...m, [columnRef]: fieldId }))}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={back} data-testid="import-back">
                <FormattedMessage id="import.back" />
              </Button>
              <Button intent="primary" onClick={start} disabled={!canStart} loading={startState.isLoading} data-testid="import-start">
                <FormattedMessage id="import.start" />
              </Button>
            </>
          }
        />
      </>
    );
  } else {
    body = (
      <>
        <DialogBody>
          {serverError && <Callout intent="danger" className="wb-gap" data-testid="import-error">{serverError}</Callout>}
          <ImportProgress job={job} onOpenTable={onOpenTable} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {job.status === "running" && (
                <Button intent="danger" onClick={() => setConfirmCancel(true)} loading={cancelState.isLoading} data-testid="import-cancel">
                  <FormattedMessage id="import.cancel" />
                </Button>
              )}
              <Button onClick={close} data-testid="import-close">
                <FormattedMessage id={job.status === "running" ? "import.hide" : "common.close"} />
              </Button>
            </>
          }
        />
      </>
    );
  }

  return (
    <Dialog isOpen={!!request} title={title} onClose={close} className="wb-dialog wb-import-dialog" data-testid="import-wizard">
      <div data-testid="import-wizard">{request && body}</div>
      <Alert
        isOpen={confirmCancel}
        intent="danger"
        icon="undo"
        confirmButtonText={intl.formatMessage({ id: "import.cancel" })}
        cancelButtonText={intl.formatMessage({ id: "import.cancel.keep" })}
        onConfirm={cancelRunning}
        onCancel={() => setConfirmCancel(false)}
      >
        <FormattedMessage id="import.cancel.confirm" />
      </Alert>
    </Dialog>
  );
}
