// The grid page's records with the linked records of their counted link fields filled in
// (one v1 read per page; see linkedApi.ts). Until it answers, cells show the counts.
import { useCallback, useMemo } from "react";
import type { Column } from "../tables/api";
import type { RecordRow, SharedSource } from "./api";
import { useLinkedPageQuery } from "./linkedApi";
import { countedLinkFields, linkedByKey } from "./richFields";

interface Args {
  projectId?: string;
  tableId: string;
  viewId?: string;
  where?: string;
  shared?: SharedSource;
  pkName: string;
  columns: Column[];
  offset: number;
  limit: number;
}

export function useLinkedValues({ projectId, tableId, viewId, where, shared, pkName, columns, offset, limit }: Args) {
  const titles = useMemo(() => countedLinkFields(columns).map((c) => c.title), [columns]);
  const skip = !projectId || !!shared || titles.length === 0;
  const { data } = useLinkedPageQuery(
    { projectId: projectId ?? "", tableId, viewId, where, offset, limit, fields: [pkName, ...titles] },
    { skip },
  );
  const byKey = useMemo(() => (data && !skip ? linkedByKey(data.list, pkName, titles) : null), [data, skip, pkName, titles]);
  return useCallback(
    (record: RecordRow | undefined): RecordRow | undefined => {
      const linked = record && byKey?.get(String(record[pkName]));
      return linked && Object.keys(linked).length ? { ...record, ...linked } : record;
    },
    [byKey, pkName],
  );
}
