// The linked records of one record, for the link fields whose v2 value is a count (the
// expanded record form): one v1 read asking only for the primary key and those fields.
import { workbenchApi } from "../../app/api";
import type { RecordRow } from "./api";

export const linkedApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    /** One record's linked records (the expanded record form), through the v1 read. */
    linkedRecord: build.query<RecordRow, { projectId: string; tableId: string; rowId: unknown; fields: string[] }>({
      query: ({ projectId, tableId, rowId, fields }) => ({
        url: `/api/v1/db/data/noco/${encodeURIComponent(projectId)}/${encodeURIComponent(tableId)}/${encodeURIComponent(String(rowId))}`,
        params: { fields: fields.join(",") },
      }),
      providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
  }),
});

export const { useLinkedRecordQuery } = linkedApi;
