// A view's list of fields (which show, in which order) as card views read and change it:
// NocoDB's view columns. A change reads the view's records again, which carry only the
// fields shown.
import { useMemo } from "react";
import { workbenchApi } from "../../app/api";
import type { HttpError } from "../../app/http";
import type { Paged } from "../projects/api";
import type { Column } from "../tables/api";
import { notify } from "../ui/notify";
import { arrangeCardFields, ordersForMove, type CardField, type ViewField } from "./cardLayout";

const fieldsTag = (viewId: string) => ({ type: "ViewFields" as const, id: viewId });

const viewFieldsApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["ViewFields"] }).injectEndpoints({
  endpoints: (build) => ({
    viewFields: build.query<Paged<ViewField>, string>({
      query: (viewId) => `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns`,
      providesTags: (_r, _e, viewId) => [fieldsTag(viewId)],
    }),
    updateViewField: build.mutation<ViewField, { viewId: string; tableId: string; columnId: string; show?: boolean; order?: number }>({
      query: ({ viewId, columnId, show, order }) => ({
        url: `/api/v1/db/meta/views/${encodeURIComponent(viewId)}/columns/${encodeURIComponent(columnId)}`,
        method: "PATCH",
        body: { ...(show === undefined ? {} : { show }), ...(order === undefined ? {} : { order }) },
      }),
      invalidatesTags: (_r, _e, { viewId, tableId }) => [fieldsTag(viewId), { type: "Records", id: tableId }],
    }),
  }),
});

/** The fields of a view's cards and the means to change them. */
export interface CardFieldsState<C> {
  /** The fields a card may show, in order, each with whether it does. */
  fields: CardField<C>[];
  /** The shown ones, in order. */
  shown: C[];
  isLoading: boolean;
  /** Show or hide a field; resolves true once saved (a refusal is shown to the user). */
  setShown(columnId: string, show: boolean): Promise<boolean>;
  /** Move the field at `from` to place `to` among `fields`. */
  move(from: number, to: number): Promise<boolean>;
}

export function useCardFields<C extends Pick<Column, "id" | "pk" | "pv" | "system">>(
  view: { id?: string; tableId: string },
  columns: readonly C[],
  exclude: readonly (string | null | undefined)[] = [],
): CardFieldsState<C> {
  const viewId = view.id ?? "";
  const query = viewFieldsApi.useViewFieldsQuery(viewId, { skip: !viewId });
  const [update] = viewFieldsApi.useUpdateViewFieldMutation();
  const key = exclude.join(",");
  const fields = useMemo(
    () => arrangeCardFields(columns, query.data?.list, key.split(",")),
    [columns, query.data, key],
  );
  const save = async (changes: { columnId: string; show?: boolean; order?: number }[]) => {
    const results = await Promise.all(changes.map((c) => update({ viewId, tableId: view.tableId, ...c })));
    const failed = results.find((r) => "error" in r && r.error);
    if (failed && "error" in failed) notify((failed.error as HttpError).message, "danger");
    return !failed;
  };
  return {
    fields,
    shown: fields.filter((f) => f.show).map((f) => f.column),
    isLoading: query.isLoading,
    setShown: (columnId, show) => save([{ columnId, show }]),
    move: (from, to) => save(ordersForMove(fields, from, to)),
  };
}
