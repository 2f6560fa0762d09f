// Downloads for plugins' views: a shared view's records as CSV, when its link allows it.
import { useCallback } from "react";
import { useAppStore } from "../../app/hooks";
import { downloadSharedCsv } from "../../features/shared/api";
import type { SharedLink } from "../hostApi";

/** Download the records of a shared view (with the visitor's own sort and filters) as
 * `<name>.csv`; rejects with the server's words. */
export function useDownloadSharedCsv(): (link: SharedLink, name: string) => Promise<void> {
  const store = useAppStore();
  return useCallback(
    (link, name) =>
      downloadSharedCsv(store.http, link.uuid, link.password, name, { sortArrJson: link.sortArrJson, filterArrJson: link.filterArrJson }),
    [store],
  );
}
