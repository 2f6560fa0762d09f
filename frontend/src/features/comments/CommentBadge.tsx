// The number of comments on a grid row, read for the whole page of records in one request.
import { useIntl } from "react-intl";
import { useCommentCountsQuery } from "./api";

/** Comment counts of the records of one page, keyed by record id; one request per page. */
export function usePageCommentCounts(
  tableId: string,
  records: Record<string, unknown>[] | undefined,
  pkName: string,
  skip: boolean,
): Record<string, number> {
  const ids = (records ?? []).map((r) => r?.[pkName]).filter((v) => v !== undefined && v !== null).join(",");
  const { data } = useCommentCountsQuery({ tableId, ids }, { skip: skip || !ids });
  return data ?? {};
}

export function CommentBadge({ count }: { count: number | undefined }) {
  const intl = useIntl();
  if (!count) return null;
  const label = intl.formatMessage({ id: "comments.count" }, { count });
  return (
    <span className="wb-comment-badge" title={label} aria-label={label} data-testid="comment-badge">
      {count}
    </span>
  );
}
