// The gallery body: records as cards (cover image, title, the fields the view shows in its
// order), paging through all of them as it scrolls; a card opens its record.
import { NonIdealState, Spinner } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { LoadMore, RecordCard, useRecordFeed, type FieldInfo, type RecordRow, type RecordSource } from "@workbench/plugin-api";

export function Gallery({ source, fields, cover, hideEmpty, onOpen }: {
  source: RecordSource;
  /** The title's field, then the fields shown. */
  fields: FieldInfo[];
  cover: FieldInfo | null;
  hideEmpty?: boolean;
  onOpen?(row: RecordRow): void;
}) {
  const intl = useIntl();
  const feed = useRecordFeed(source);
  if (feed.isLoading) return <Spinner size={24} />;
  if (feed.rows.length === 0) return <NonIdealState icon="grid-view" title={intl.formatMessage({ id: "plugin.view_gallery.noRecords" })} />;
  return (
    <div className="wb-gallery-body">
      <p className="bp6-text-muted wb-gallery-count" data-testid="gallery-count">
        <FormattedMessage id="plugin.view_gallery.recordCount" values={{ shown: feed.rows.length, total: feed.total }} />
      </p>
      <div className="wb-gallery" data-testid="gallery">
        {feed.rows.map((row, i) => <RecordCard key={i} row={row} fields={fields} cover={cover} hideEmpty={hideEmpty} onOpen={onOpen} />)}
      </div>
      <LoadMore feed={feed} />
    </div>
  );
}
