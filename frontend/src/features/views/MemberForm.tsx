// A form view filled in inside the app by a project member who may add records: the form as
// its shared link shows it (heading, fields, required ones, files), submitted as the member
// without the form being shared (a link field picks records of the linked table as the
// member reads them); then its success message, a blank form again or the button to submit
// another, as the form's settings say.
import { Card, H2 } from "@blueprintjs/core";
import { useReducer } from "react";
import { workbenchApi } from "../../app/api";
import type { TableMeta } from "../tables/api";
import { submitBody, useRelatedTablesQuery } from "../shared/api";
import { formFields, isLinkField, type ShownField } from "../shared/formRules";
import { FormBody, Submitted, useCountdown, type SubmitForm } from "../shared/SharedForm";
import { initialSharedState, sharedReducer } from "../shared/sharedState";

/** A form's settings as its type stores them (NocoDB's form view). */
export interface MemberFormSettings {
  heading?: string | null;
  subheading?: string | null;
  success_msg?: string | null;
  redirect_url?: string | null;
  submit_another_form?: boolean | null;
  show_blank_form?: boolean | null;
  columns?: { fk_column_id: string; show?: boolean | null; order?: number | null; label?: string | null; required?: boolean | null; description?: string | null }[];
}

const memberFormApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    submitMemberForm: build.mutation<Record<string, unknown>, { viewId: string; tableId: string; data: Record<string, unknown>; files: Record<string, File[]> }>({
      query: ({ viewId, data, files }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/form-rows`,
        method: "POST",
        body: submitBody({ data, files }),
      }),
      invalidatesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
  }),
});

const NO_TABLES: Record<string, TableMeta> = {};

/** The id of the table a link field links to. */
const relatedId = (field: ShownField): string => String((field.colOptions as { fk_related_model_id?: string } | null)?.fk_related_model_id ?? "");

export function MemberForm({ viewId, tableId, title, columns, form }: {
  viewId: string;
  tableId: string;
  /** The view's title (the heading when the form has none). */
  title: string;
  columns: readonly unknown[];
  form: MemberFormSettings;
}) {
  const [state, dispatch] = useReducer(sharedReducer, { ...initialSharedState, status: "ready" });
  useCountdown(state, dispatch);
  const [submit] = memberFormApi.useSubmitMemberFormMutation();
  const all = columns as ShownField[];
  const fields = formFields(all, form.columns ?? []);
  const submitForm: SubmitForm = (data, files) => submit({ viewId, tableId, data, files });
  const relatedIds = [...new Set(fields.filter((f) => isLinkField(f.uidt)).map(relatedId).filter((id) => id))].sort();
  const { data: related = NO_TABLES } = useRelatedTablesQuery(relatedIds, { skip: relatedIds.length === 0 });
  return (
    <Card className="wb-shared-form wb-member-form" data-testid="member-form">
      <H2 data-testid="form-heading">{form.heading || title}</H2>
      {form.subheading && <p className="bp6-text-muted">{form.subheading}</p>}
      {state.form === "submitted" ? (
        <Submitted meta={{ view: form }} state={state} dispatch={dispatch} />
      ) : (
        <FormBody
          key={state.formKey}
          fields={fields}
          all={all}
          related={related}
          linkTarget={(field, relatedTable) => (relatedTable ? { tableId: relatedId(field), related: relatedTable } : undefined)}
          submitForm={submitForm}
          submitting={state.form === "submitting"}
          dispatch={dispatch}
          showBlankForm={!!form.show_blank_form}
          prefill={{}}
          prefillMode="default"
          redirectUrl={form.redirect_url}
          pkTitle={all.find((c) => c.pk)?.title}
        />
      )}
    </Card>
  );
}
