// The questions and reports of a paste: whether to add records for a block that runs past
// the last row, and which pasted values did not fit their field (they were not written).
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import type { InvalidCell } from "./paste";
import type { PendingPaste } from "./useRangeEdits";

export function PasteAddRows({ pending, onAnswer }: { pending: PendingPaste | null; onAnswer(addRows: boolean | null): void }) {
  const intl = useIntl();
  return (
    <Dialog isOpen={!!pending} onClose={() => onAnswer(null)} title={intl.formatMessage({ id: "plugin.view_grid.paste.addRows.title" })}>
      <DialogBody>
        <p data-testid="paste-add-rows">
          <FormattedMessage id="plugin.view_grid.paste.addRows.text" values={{ count: pending?.extra ?? 0 }} />
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => onAnswer(null)} data-testid="paste-cancel">
              <FormattedMessage id="plugin.view_grid.common.cancel" />
            </Button>
            <Button onClick={() => onAnswer(false)} data-testid="paste-existing-only">
              <FormattedMessage id="plugin.view_grid.paste.addRows.existingOnly" />
            </Button>
            <Button intent="primary" onClick={() => onAnswer(true)} data-testid="paste-add-rows-confirm">
              <FormattedMessage id="plugin.view_grid.paste.addRows.confirm" values={{ count: pending?.extra ?? 0 }} />
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function PasteReport({ invalid, columns, onClose }: { invalid: InvalidCell[]; columns: Column[]; onClose(): void }) {
  const intl = useIntl();
  return (
    <Dialog isOpen={invalid.length > 0} onClose={onClose} title={intl.formatMessage({ id: "plugin.view_grid.paste.invalid.title" })}>
      <DialogBody>
        <div data-testid="paste-report">
        <p>
          <FormattedMessage id="plugin.view_grid.paste.invalid.text" values={{ count: invalid.length }} />
        </p>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th><FormattedMessage id="plugin.view_grid.paste.invalid.row" /></th>
              <th><FormattedMessage id="plugin.view_grid.paste.invalid.field" /></th>
              <th><FormattedMessage id="plugin.view_grid.filter.value" /></th>
              <th><FormattedMessage id="plugin.view_grid.paste.invalid.why" /></th>
            </tr>
          </thead>
          <tbody>
            {invalid.slice(0, 200).map((cell) => (
              <tr key={`${cell.row}:${cell.col}`} data-testid="paste-invalid-cell">
                <td>{cell.row + 1}</td>
                <td>{columns[cell.col]?.title}</td>
                <td className="wb-paste-text">{cell.text}</td>
                <td>{cell.message ?? intl.formatMessage({ id: `plugin.view_grid.paste.invalid.${cell.reason}` })}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" onClick={onClose} data-testid="paste-report-close">
            <FormattedMessage id="plugin.view_grid.common.close" />
          </Button>
        }
      />
    </Dialog>
  );
}
