// "Download" on a view's toolbar: CSV or Excel of the open view (its filters, sorts, shown
// fields and their order), as one file streamed from the server, with a progress bar and a
// cancel button while it arrives. Every project role may download; a form has no records.
import { Button, Menu, MenuItem, PopoverNext, ProgressBar } from "@blueprintjs/core";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useAppStore } from "../../app/hooks";
import { useCapabilities } from "../projects/permissions";
import { notify } from "../ui/notify";
import { viewTypeOf } from "../views/viewTypes";
import { EXPORT_KINDS, downloadRecords, saveFile, type ExportKind, type ExportProgress } from "./download";

interface Props {
  projectId: string;
  tableId: string;
  view: { id: string; title: string; type: number | string };
}

export function DownloadMenu({ projectId, tableId, view }: Props) {
  const intl = useIntl();
  const store = useAppStore();
  const caps = useCapabilities();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the view (or the page) cancels a download under way.
  useEffect(() => () => running.current?.abort(), [view.id]);
  if (!caps.dataExport || viewTypeOf(view)?.records === false) return null;

  const start = async (kind: ExportKind) => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ rows: 0, total: null, bytes: 0 });
    try {
      const file = await downloadRecords(store.http, {
        projectId, tableId, viewId: view.id, kind, signal: controller.signal, onProgress: setProgress,
      });
      saveFile(file);
      notify(intl.formatMessage({ id: "export.done" }, { count: file.rows, name: file.fileName }), "success");
    } catch (e) {
      if (controller.signal.aborted) notify(intl.formatMessage({ id: "export.cancelled" }), "warning");
      else notify(intl.formatMessage({ id: "export.failed" }, { message: (e as Error).message }), "danger");
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  if (progress) {
    const { rows, total } = progress;
    return (
      <div className="wb-export-progress" data-testid="export-progress" role="status">
        <span className="wb-export-progress-text">
          {total !== null
            ? intl.formatMessage({ id: "export.progress" }, { done: rows, total })
            : intl.formatMessage({ id: "export.progress.unknown" }, { done: rows })}
        </span>
        <ProgressBar
          intent="primary"
          value={total ? rows / total : total === 0 ? 1 : undefined}
          data-testid="export-progress-bar"
          aria-valuenow={total ? Math.round((rows / total) * 100) : undefined}
        />
        <Button size="small" variant="minimal" icon="cross" onClick={() => running.current?.abort()} data-testid="export-cancel">
          <FormattedMessage id="common.cancel" />
        </Button>
      </div>
    );
  }
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          {EXPORT_KINDS.map((kind) => (
            <MenuItem
              key={kind}
              icon={kind === EXPORT_KINDS[0] ? "th" : "th-derived"}
              text={intl.formatMessage({ id: `export.kind.${kind}` })}
              onClick={() => void start(kind)}
              data-testid={`export-${kind}`}
            />
          ))}
        </Menu>
      }
    >
      <Button icon="download" variant="minimal" data-testid="export-menu">
        <FormattedMessage id="export.action" />
      </Button>
    </PopoverNext>
  );
}
