// The grid page's records with the linked records of their counted link fields filled in
// (one v1 read per page: the view's `gridLinkedPage`). Until it answers, cells show the counts.
import { useCallback, useMemo } from "react";
import type { FieldInfo as Column, RecordRow, RecordSource } from "@workbench/plugin-api";
import { countedLinkFields, linkedByKey } from "./fields";
import { viewApi } from "./viewApi";

interface Args {
  projectId?: string;
  source: RecordSource;
  where?: string;
  sort?: string;
  pkName: string;
  columns: Column[];
  offset: number;
  limit: number;
  /** Not read (yet). */
  skip?: boolean;
}

export function useLinkedValues({ projectId, source, where, sort, pkName, columns, offset, limit, skip: later = false }: Args) {
  const { tableId, viewId, shared } = source;
  const titles = useMemo(() => countedLinkFields(columns).map((c) => c.title), [columns]);
  const skip = later || !projectId || !!shared || titles.length === 0;
  const { data } = viewApi().useGridLinkedPageQuery(
    { projectId: projectId ?? "", tableId, viewId, where, sort, offset, limit, fields: [pkName, ...titles] },
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
