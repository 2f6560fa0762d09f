// Record history and the project's audit log: a record's entries, a table's deleted
// records, the project's log (filtered, paged), and restoring a deleted record.
import { workbenchApi } from "../../app/api";

export interface FieldChange {
  id: string;
  title: string;
  old: unknown;
  new: unknown;
}

export interface HistoryEntry {
  id: number;
  op: string;
  fk_model_id: string | null;
  row_id: string | null;
  user: string | null;
  via: string;
  created_at: string;
  details: {
    changes?: FieldChange[];
    record?: Record<string, unknown>;
    field?: { id: string; title: string };
    ids?: unknown[];
    rows?: number;
    title?: string;
    /** Delete entries: false when the delete was too large to keep has-many and many-to-many links. */
    links_kept?: boolean;
  };
  /** Delete entries: whether the record is back since. */
  restored?: boolean;
}

export interface HistoryPage {
  list: HistoryEntry[];
  pageInfo: { totalRows: number; page: number; pageSize: number; isLastPage: boolean };
  /** The project's log: the server's retention in days (0: entries are kept). */
  retention_days?: number;
}

export interface AuditFilters {
  projectId: string;
  offset: number;
  limit: number;
  table?: string;
  user?: string;
  op?: string;
  via?: string;
  /** ISO times (UTC): entries from, and before. */
  from?: string;
  to?: string;
}

const api = workbenchApi.enhanceEndpoints({ addTagTypes: ["History"] });

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordHistory: build.query<HistoryPage, { tableId: string; rowId?: string; limit: number; offset?: number }>({
      query: ({ tableId, rowId, limit, offset }) => ({
        url: "/api/v1/db/meta/audits",
        params: { fk_model_id: tableId, ...(rowId ? { row_id: rowId } : {}), limit, offset: offset ?? 0 },
      }),
      // A write to the table's records (here or live from elsewhere) adds entries.
      providesTags: (_r, _e, { tableId }) => ["History", { type: "Records", id: tableId }],
    }),
    projectAudits: build.query<HistoryPage, AuditFilters>({
      query: ({ projectId, offset, limit, table, user, op, via, from, to }) => ({
        url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/audits`,
        params: {
          offset,
          limit,
          ...(table ? { fk_model_id: table } : {}),
          ...(user ? { user } : {}),
          ...(op ? { op } : {}),
          ...(via ? { via } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        },
      }),
      providesTags: ["History"],
    }),
    restoreRecord: build.mutation<{ row_id: string }, { tableId: string; entryId: number }>({
      query: ({ tableId, entryId }) => ({
        url: `/api/v1/db/meta/audits/${entryId}/restore`,
        method: "POST",
        body: { fk_model_id: tableId },
      }),
      invalidatesTags: (_r, _e, { tableId }) => ["History", { type: "Records", id: tableId }],
    }),
  }),
});

export const { useRecordHistoryQuery, useProjectAuditsQuery, useRestoreRecordMutation } = historyApi;
