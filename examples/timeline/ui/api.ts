// The timeline's server data, through the host's one RTK Query API (given to setup): the
// table's fields, the view's settings and its records, asked of the same HTTP API as any
// client with the signed-in user's session. Records are tagged with the table, so they are
// read again whenever the host says the table's records changed.
import type { PluginHost } from "@workbench/plugin-api";

export type Row = Record<string, unknown>;
export interface Column {
  id: string;
  title: string;
  uidt: string;
  pv?: boolean;
  system?: boolean;
}
export interface TimelineSettings {
  fk_start_column_id: string | null;
  fk_end_column_id: string | null;
  day_width: number;
}
type Query<A, T> = (arg: A) => { data?: T; isLoading: boolean; isError: boolean; error?: unknown };
export interface TimelineApi {
  useTableQuery: Query<string, { columns: Column[] }>;
  useSettingsQuery: Query<string, TimelineSettings>;
  useRecordsQuery: Query<{ tableId: string; viewId: string }, { list: Row[] }>;
  useSaveSettingsMutation(): [(arg: { viewId: string; body: Partial<TimelineSettings> }) => { unwrap(): Promise<unknown> }];
}

/** At most this many records are drawn. */
export const LIMIT = 1000;

let api: TimelineApi | null = null;

export function timelineApi(): TimelineApi {
  if (!api) throw new Error("the timeline plugin has not been set up");
  return api;
}

const settingsTag = (viewId: string) => [{ type: "Records", id: `timeline:${viewId}` }];

export function setup(host: PluginHost): void {
  // The host's API is made with createApi of @reduxjs/toolkit/query/react.
  const base = host.api as { injectEndpoints(options: object): unknown };
  api = base.injectEndpoints({
    endpoints: (build: { query(o: object): unknown; mutation(o: object): unknown }) => ({
      table: build.query({ query: (tableId: string) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}` }),
      settings: build.query({
        query: (viewId: string) => `/api/v1/db/meta/timelines/${encodeURIComponent(viewId)}`,
        providesTags: (_r: unknown, _e: unknown, viewId: string) => settingsTag(viewId),
      }),
      records: build.query({
        query: ({ tableId, viewId }: { tableId: string; viewId: string }) => ({
          url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
          params: { viewId, limit: LIMIT },
        }),
        providesTags: (_r: unknown, _e: unknown, { tableId }: { tableId: string }) => [{ type: "Records", id: tableId }],
      }),
      saveSettings: build.mutation({
        query: ({ viewId, body }: { viewId: string; body: object }) => ({
          url: `/api/v1/db/meta/timelines/${encodeURIComponent(viewId)}`,
          method: "PATCH",
          body,
        }),
        invalidatesTags: (_r: unknown, _e: unknown, { viewId }: { viewId: string }) => settingsTag(viewId),
      }),
    }),
    overrideExisting: false,
  }) as TimelineApi;
}
