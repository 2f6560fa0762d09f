// The linked records of one page of the grid, for the link fields whose v2 value is a count:
// one v1 read of the same page (same view, search, offset and limit) asking only for the
// primary key and those fields, so a page costs one request however many cells it shows.
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";
import type { RecordRow } from "./api";

export interface LinkedPageArgs {
  projectId: string;
  tableId: string;
  viewId?: string;
  where?: string;
  offset: number;
  limit: number;
  /** The primary key's title and the link fields' titles. */
  fields: string[];
}

export const linkedApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    linkedPage: build.query<Paged<RecordRow>, LinkedPageArgs>({
      query: ({ projectId, tableId, viewId, where, offset, limit, fields }) => ({
        url:
          `/api/v1/db/data/noco/${encodeURIComponent(projectId)}/${encodeURIComponent(tableId)}` +
          (viewId ? `/views/${encodeURIComponent(viewId)}` : ""),
        params: { where, offset, limit, fields: fields.join(",") },
      }),
      keepUnusedDataFor: 30,
      providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
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

export const { useLinkedPageQuery, useLinkedRecordQuery } = linkedApi;
