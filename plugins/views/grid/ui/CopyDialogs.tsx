// The dialogs of a copy that gathers unloaded rows: its progress (with a cancel), and the
// gathered text when the browser refused to write it without a click.
import { Button, Dialog, DialogBody, DialogFooter, ProgressBar } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import type { CopyProgress, ReadyCopy } from "./useBlockCopy";

export function CopyProgressDialog({ progress, onCancel }: { progress: CopyProgress | null; onCancel(): void }) {
  const intl = useIntl();
  return (
    <Dialog isOpen={!!progress} onClose={onCancel} title={intl.formatMessage({ id: "plugin.view_grid.grid.copy.title" })}>
      <DialogBody>
        <div data-testid="copy-progress">
          <p>
            <FormattedMessage id="plugin.view_grid.grid.copy.loading" values={{ done: progress?.done ?? 0, total: progress?.total ?? 0 }} />
          </p>
          <ProgressBar intent="primary" stripes={false} value={progress && progress.total ? progress.done / progress.total : 0} />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <Button onClick={onCancel} data-testid="copy-cancel">
            <FormattedMessage id="plugin.view_grid.common.cancel" />
          </Button>
        }
      />
    </Dialog>
  );
}

export function CopyReadyDialog({ ready, onCopy, onClose }: { ready: ReadyCopy | null; onCopy(): void; onClose(): void }) {
  const intl = useIntl();
  return (
    <Dialog isOpen={!!ready} onClose={onClose} title={intl.formatMessage({ id: "plugin.view_grid.grid.copy.title" })}>
      <DialogBody>
        <p data-testid="copy-ready">
          <FormattedMessage id="plugin.view_grid.grid.copy.ready" values={{ cells: ready?.cells ?? 0 }} />
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>
              <FormattedMessage id="plugin.view_grid.common.cancel" />
            </Button>
            <Button intent="primary" icon="clipboard" onClick={onCopy} data-testid="copy-write">
              <FormattedMessage id="plugin.view_grid.grid.copy.write" />
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
