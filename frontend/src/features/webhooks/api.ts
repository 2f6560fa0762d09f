// The hooks API of a table: its hooks, their delivery log, and test calls.
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";

export const OPERATIONS = ["insert", "update", "delete", "bulkInsert", "bulkUpdate", "bulkDelete", "trigger"] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Notification {
  type: string;
  payload: Record<string, unknown>;
}

export interface Hook {
  id: string;
  fk_model_id: string;
  title: string;
  event: string;
  operation: Operation;
  active: boolean;
  condition: boolean;
  notification: Notification;
}

export interface HookBody {
  title: string;
  event: string;
  operation: Operation;
  active?: boolean;
  condition?: boolean;
  notification: Notification;
  /** On create: the hook whose condition filters the new one copies (a duplicate). */
  copy_from_id?: string;
}

export interface HookLogEntry {
  id: string;
  event_id: string;
  attempt: number;
  status: "success" | "retrying" | "failed";
  response_status: number | null;
  response: string | null;
  error_message: string | null;
  execution_time: number;
  test_call: boolean;
  created_at: string;
}

const hooksApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    hooks: build.query<Paged<Hook>, string>({
      query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/hooks`,
      providesTags: (_r, _e, tableId) => [{ type: "Hook", id: `table:${tableId}` }],
    }),
    createHook: build.mutation<Hook, { tableId: string; body: HookBody }>({
      query: ({ tableId, body }) => ({
        url: `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/hooks`,
        method: "POST",
        body: { ...body, version: "v2" },
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Hook", id: `table:${tableId}` }],
    }),
    updateHook: build.mutation<Hook, { tableId: string; hookId: string; body: Partial<HookBody> }>({
      query: ({ hookId, body }) => ({ url: `/api/v1/db/meta/hooks/${encodeURIComponent(hookId)}`, method: "PATCH", body }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Hook", id: `table:${tableId}` }],
    }),
    deleteHook: build.mutation<unknown, { tableId: string; hookId: string }>({
      query: ({ hookId }) => ({ url: `/api/v1/db/meta/hooks/${encodeURIComponent(hookId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Hook", id: `table:${tableId}` }],
    }),
    testHook: build.mutation<{ status: number | null }, { tableId: string; body: HookBody }>({
      query: ({ tableId, body }) => ({
        url: `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}/hooks/test`,
        method: "POST",
        body: { hook: { ...body, version: "v2" } },
      }),
    }),
    hookLogs: build.query<Paged<HookLogEntry>, string>({
      query: (hookId) => ({ url: `/api/v1/db/meta/hooks/${encodeURIComponent(hookId)}/logs`, params: { limit: 50 } }),
      providesTags: (_r, _e, hookId) => [{ type: "Hook", id: `logs:${hookId}` }],
    }),
  }),
});

export const {
  useHooksQuery,
  useCreateHookMutation,
  useUpdateHookMutation,
  useDeleteHookMutation,
  useTestHookMutation,
  useHookLogsQuery,
} = hooksApi;
