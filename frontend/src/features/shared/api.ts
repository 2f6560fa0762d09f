// Public endpoints (no sign-in): a shared view's metadata and form submission, with the
// view password as xc-password, and the shared base lookup.
import { workbenchApi } from "../../app/api";
import type { HttpClient } from "../../app/http";
import type { Column, TableMeta } from "../tables/api";
import type { FormColumn, FormSettings, ViewMeta } from "../views/api";

export interface SharedViewMeta extends ViewMeta {
  /** The table, with the columns the view shows. */
  model?: TableMeta & { columns?: (Column & Record<string, unknown>)[] };
  /** The view's columns (for forms: label, required, order, show). */
  columns?: (FormColumn & Record<string, unknown>)[];
  /** The view type's settings (a form's heading and success message, a kanban's stacking
   * field, ...). */
  view?: FormSettings & Record<string, unknown>;
  relatedMetas?: Record<string, TableMeta>;
}

const passwordHeader = (password?: string) => (password ? { "xc-password": password } : undefined);
const sharedPath = (uuid: string) => `/api/v1/db/public/shared-view/${encodeURIComponent(uuid)}`;

export interface SubmitArgs {
  uuid: string;
  password?: string;
  data: Record<string, unknown>;
  /** Attachment files by field title. */
  files?: Record<string, File[]>;
}

/** The multipart body NocoDB's public create takes: `data` as JSON, files under `_<title>`. */
export function submitBody({ data, files }: Pick<SubmitArgs, "data" | "files">): FormData {
  const body = new FormData();
  body.append("data", JSON.stringify(data));
  for (const [title, list] of Object.entries(files ?? {})) for (const file of list) body.append(`_${title}`, file);
  return body;
}

/** A record a shared form may link: its key and display value only. */
export type LinkChoice = Record<string, unknown>;

export interface LinkChoicesArgs {
  uuid: string;
  password?: string;
  columnId: string;
  /** Display value field to search in, and the text. */
  searchField?: string;
  search?: string;
  limit?: number;
}

/** The `where` of a search on the display value (NocoDB's `(field,like,%text%)`). */
export function linkSearchWhere(field: string | undefined, text: string | undefined): string | undefined {
  const trimmed = (text ?? "").trim();
  if (!field || !trimmed) return undefined;
  return `(${field},like,%${trimmed.replace(/[(),]/g, " ")}%)`;
}

export const sharedApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    sharedViewMeta: build.query<SharedViewMeta, { uuid: string; password?: string }>({
      query: ({ uuid, password }) => ({ url: `${sharedPath(uuid)}/meta`, headers: passwordHeader(password) }),
    }),
    submitSharedForm: build.mutation<Record<string, unknown>, SubmitArgs>({
      query: ({ uuid, password, data, files }) => ({
        url: `${sharedPath(uuid)}/rows`,
        method: "POST",
        body: submitBody({ data, files }),
        headers: passwordHeader(password),
      }),
    }),
    sharedLinkChoices: build.query<{ list: LinkChoice[]; pageInfo?: { totalRows?: number } }, LinkChoicesArgs>({
      query: ({ uuid, password, columnId, searchField, search, limit = 10 }) => {
        const where = linkSearchWhere(searchField, search);
        return {
          url: `${sharedPath(uuid)}/nested/${encodeURIComponent(columnId)}`,
          params: { limit, ...(where ? { where } : {}) },
          headers: passwordHeader(password),
        };
      },
    }),
    // A member's form: the linked table's records, read as the member (no shared link).
    memberLinkChoices: build.query<{ list: LinkChoice[]; pageInfo?: { totalRows?: number } }, { tableId: string; searchField?: string; search?: string; limit?: number }>({
      query: ({ tableId, searchField, search, limit = 10 }) => {
        const where = linkSearchWhere(searchField, search);
        return { url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`, params: { limit, ...(where ? { where } : {}) } };
      },
      providesTags: (_r, _e, { tableId }) => [{ type: "Records", id: tableId }],
    }),
    relatedTables: build.query<Record<string, TableMeta>, string[]>({
      // The linked tables of a member's form (their key and display value fields).
      queryFn: async (ids, _api, _extra, baseQuery) => {
        const tables: Record<string, TableMeta> = {};
        for (const id of ids) {
          const result = await baseQuery(`/api/v1/db/meta/tables/${encodeURIComponent(id)}`);
          if (result.error) return { error: result.error };
          tables[id] = result.data as TableMeta;
        }
        return { data: tables };
      },
    }),
    sharedBaseMeta: build.query<{ project_id: string; roles?: string | null }, string>({
      query: (uuid) => `/api/v1/db/public/shared-base/${encodeURIComponent(uuid)}/meta`,
    }),
  }),
});

export const {
  useSharedViewMetaQuery,
  useSubmitSharedFormMutation,
  useSharedBaseMetaQuery,
  useSharedLinkChoicesQuery,
  useMemberLinkChoicesQuery,
  useRelatedTablesQuery,
} = sharedApi;

/** Export the shared view's rows as CSV, every record in one file (password header, the
 * visitor's temporary sort and filters included) and hand the file to the browser. Goes through the app's HTTP client
 * (its headers, retries and loading flag); a refusal throws with the server's message. */
export async function downloadSharedCsv(
  http: HttpClient,
  uuid: string,
  password: string | undefined,
  name: string,
  query: { sortArrJson?: string; filterArrJson?: string } = {},
): Promise<void> {
  const params = { ...Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => !!e[1])), stream: "true" };
  const result = await http.request<Blob>({
    url: `${sharedPath(uuid)}/rows/export/csv`,
    params,
    headers: passwordHeader(password),
    responseType: "blob",
  });
  if (result.error) throw new Error(result.error.message);
  const url = URL.createObjectURL(result.data);
  const a = document.createElement("a");
  a.href = url;
  a.download = `${name}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}
