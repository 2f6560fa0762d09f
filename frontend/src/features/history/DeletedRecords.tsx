// A table's deleted records (editors and up): each with who deleted it and when, restored
// with its links by one click.
import { Button, Callout, Drawer, DrawerSize } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useRecordHistoryQuery } from "./api";
import { EntryItem } from "./EntryItem";
import { valueText } from "./describe";

const PAGE = 25;

export function DeletedRecordsButton({ tableId, pvTitle }: { tableId: string; pvTitle?: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const { data, isError } = useRecordHistoryQuery({ tableId, limit }, { skip: !open, refetchOnMountOrArgChange: true });
  return (
    <>
      <Button icon="history" variant="minimal" onClick={() => setOpen(true)} data-testid="open-deleted-records">
        <FormattedMessage id="deleted.title" />
      </Button>
      <Drawer isOpen={open} onClose={() => setOpen(false)} size={DrawerSize.SMALL} title={intl.formatMessage({ id: "deleted.title" })}>
        <div className="bp6-drawer-body wb-audit" data-testid="deleted-records">
          {isError && (
            <Callout intent="danger" compact>
              <FormattedMessage id="history.loadFailed" />
            </Callout>
          )}
          {data && data.list.length === 0 && (
            <p className="bp6-text-muted" data-testid="deleted-empty">
              <FormattedMessage id="deleted.none" />
            </p>
          )}
          <ul className="wb-history-list">
            {(data?.list ?? []).map((entry) => (
              <EntryItem
                key={entry.id}
                entry={entry}
                canRestore
                heading={
                  <div className="wb-history-record" data-testid="deleted-record">
                    <FormattedMessage id="history.recordLabel" values={{ id: entry.row_id }} />
                    {pvTitle && entry.details?.record?.[pvTitle] !== undefined && (
                      <strong> {valueText(entry.details.record[pvTitle], "")}</strong>
                    )}
                  </div>
                }
              />
            ))}
          </ul>
          {data && !data.pageInfo.isLastPage && (
            <Button size="small" variant="minimal" onClick={() => setLimit((n) => n + PAGE)}>
              <FormattedMessage id="history.more" />
            </Button>
          )}
        </div>
      </Drawer>
    </>
  );
}
