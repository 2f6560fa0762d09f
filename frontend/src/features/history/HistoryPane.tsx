// The history of the record open in the expanded view, newest first: who changed which field
// from what to what, links, and when; more on request.
import { Button, Callout } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useRecordHistoryQuery } from "./api";
import { EntryItem } from "./EntryItem";

const PAGE = 20;

export function HistoryPane({ tableId, rowId }: { tableId: string; rowId: string }) {
  const intl = useIntl();
  const [limit, setLimit] = useState(PAGE);
  const { data, isError } = useRecordHistoryQuery({ tableId, rowId, limit }, { refetchOnMountOrArgChange: true });
  const entries = data?.list ?? [];
  return (
    <section className="wb-history" data-testid="history-pane" aria-label={intl.formatMessage({ id: "history.title" })}>
      <h4 className="bp6-heading">
        <FormattedMessage id="history.title" />
      </h4>
      {isError && (
        <Callout intent="danger" compact>
          <FormattedMessage id="history.loadFailed" />
        </Callout>
      )}
      {data && entries.length === 0 && (
        <p className="bp6-text-muted" data-testid="history-empty">
          <FormattedMessage id="history.none" />
        </p>
      )}
      <ul className="wb-history-list">
        {entries.map((entry) => (
          <EntryItem key={entry.id} entry={entry} canRestore={false} />
        ))}
      </ul>
      {data && !data.pageInfo.isLastPage && (
        <Button size="small" variant="minimal" onClick={() => setLimit((n) => n + PAGE)} data-testid="history-more">
          <FormattedMessage id="history.more" />
        </Button>
      )}
    </section>
  );
}
