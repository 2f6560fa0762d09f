// The grid's record buttons above it (add, delete the selected records, expand the active
// one) and its record count. Drawn again only when what they show changes (their handlers
// call the grid's latest ones), not at each move of the active cell or each save.
import { Button } from "@blueprintjs/core";
import { memo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { sameProps } from "./sameProps";

function RecordActionsView({ canEdit, adding, hasActive, deleteCount, count, estimated, onAdd, onDelete, onExpand }: {
  canEdit: boolean;
  adding: boolean;
  /** Whether a cell is active (the delete and expand buttons act on its record). */
  hasActive: boolean;
  /** The records the delete button deletes (the selected block's rows). */
  deleteCount: number;
  count: number;
  estimated: boolean;
  onAdd(): void;
  onDelete(): void;
  onExpand(): void;
}) {
  const intl = useIntl();
  return (
    <div className="wb-grid-toolbar">
      {canEdit && (
        <>
          <Button icon="add" intent="primary" size="small" loading={adding} onClick={onAdd} data-testid="add-record">
            <FormattedMessage id="plugin.view_grid.grid.addRecord" />
          </Button>
          <Button icon="trash" size="small" variant="minimal" intent="danger" disabled={!hasActive} onClick={onDelete} data-testid="delete-record">
            {deleteCount > 1 ? (
              <FormattedMessage id="plugin.view_grid.grid.deleteRecords" values={{ count: deleteCount }} />
            ) : (
              <FormattedMessage id="plugin.view_grid.grid.deleteRecord" />
            )}
          </Button>
        </>
      )}
      <Button icon="maximize" size="small" variant="minimal" disabled={!hasActive} onClick={onExpand} data-testid="expand-record">
        <FormattedMessage id="plugin.view_grid.grid.expandRecord" />
      </Button>
      <span className="bp6-text-muted" data-testid="record-count">
        {intl.formatMessage({ id: estimated ? "plugin.view_grid.grid.countEstimated" : "plugin.view_grid.grid.count" }, { count })}
      </span>
    </div>
  );
}

export const RecordActions = memo(RecordActionsView, sameProps);
