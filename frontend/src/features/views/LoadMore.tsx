// The end of a list that grows as it scrolls: once it comes into sight the next page loads
// (and again after each page while it stays in sight); a button does the same by hand.
import { Button, Spinner } from "@blueprintjs/core";
import { useEffect, useRef } from "react";
import { FormattedMessage } from "react-intl";
import type { RecordFeed } from "./recordFeed";

export function LoadMore({ feed }: { feed: Pick<RecordFeed, "hasMore" | "isFetchingMore" | "loadMore" | "rows"> }) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasMore, isFetchingMore, loadMore } = feed;
  const loaded = feed.rows.length;
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || isFetchingMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isFetchingMore, loadMore, loaded]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="wb-load-more" data-testid="load-more">
      {isFetchingMore ? (
        <Spinner size={16} />
      ) : (
        <Button variant="minimal" small onClick={loadMore}>
          <FormattedMessage id="views.loadMore" />
        </Button>
      )}
    </div>
  );
}
