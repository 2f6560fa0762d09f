// The form's own endpoint, added to the host's API at setup: a field's settings in the form
// (NocoDB's form columns: shown, label, help, required, order). Saving one reads the form's
// settings again (they carry its columns).
import type { PluginHost } from "@workbench/plugin-api";

/** What a form says of one of the table's fields. */
export interface FormColumn {
  id: string;
  fk_column_id: string;
  label?: string | null;
  description?: string | null;
  help?: string | null;
  required?: boolean | null;
  show?: boolean | null;
  order?: number | null;
}

/** A form's settings (GET /api/v1/db/meta/forms/{viewId}). */
export interface FormSettings {
  heading?: string | null;
  subheading?: string | null;
  success_msg?: string | null;
  /** The address opened after a submission ({record_id}: the new record's key). */
  redirect_url?: string | null;
  submit_another_form?: boolean | null;
  show_blank_form?: boolean | null;
  columns?: FormColumn[];
}

type Trigger = (args: { viewId: string; id: string; body: Partial<FormColumn> }) => Promise<{ error?: { message?: string } }>;
type UseMutation = () => readonly [Trigger, unknown];

let useMutation: UseMutation | null = null;

export function setupFormApi(host: PluginHost): void {
  const api = host.api as { injectEndpoints?(definition: unknown): { useFormColumnUpdateMutation: UseMutation } } | null;
  if (!api?.injectEndpoints) return;
  useMutation = api.injectEndpoints({
    endpoints: (build: { mutation(definition: unknown): unknown }) => ({
      formColumnUpdate: build.mutation({
        query: ({ id, body }: { id: string; body: Partial<FormColumn> }) => ({
          url: `/api/v1/db/meta/form-columns/${encodeURIComponent(id)}`,
          method: "PATCH",
          body,
        }),
        invalidatesTags: (_r: unknown, _e: unknown, { viewId }: { viewId: string }) => [{ type: "ViewSettings", id: viewId }],
      }),
    }),
  }).useFormColumnUpdateMutation;
}

const unavailable: Trigger = async () => ({ error: { message: "The form's fields cannot be saved here." } });

/** Save a field's settings in the form: resolves with the server's refusal, if any. */
export function useUpdateFormColumn(): (args: Parameters<Trigger>[0]) => Promise<{ error?: { message: string } }> {
  // Set once at setup, before any component renders: the hook is always the same one.
  const [trigger] = useMutation ? useMutation() : [unavailable];
  return async (args) => {
    const result = await trigger(args);
    return result.error ? { error: { message: result.error.message ?? String(result.error) } } : {};
  };
}
