import { workbenchApi } from "../../app/api";

export interface Project {
  id: string;
  title: string;
  description?: string | null;
  meta?: unknown;
  color?: string | null;
  /** Where its tables live: the built-in database, then any connected one. */
  bases?: ProjectSource[];
  roles?: Record<string, boolean>;
}

/** A source as the API shows it (never its password or key). */
export interface ProjectSource {
  id?: string;
  alias?: string | null;
  type?: string;
  is_default?: boolean;
  order?: number;
  config?: { client?: string; connection?: { host?: string; database?: string; filename?: string } } | null;
}

export interface Paged<T> {
  list: T[];
  pageInfo: { totalRows: number; pageSize: number; isFirstPage: boolean; isLastPage: boolean };
}

export const projectsApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    projects: build.query<Paged<Project>, void>({
      query: () => ({ url: "/api/v1/db/meta/projects", params: { limit: 1000 } }),
      providesTags: (result) => [
        { type: "Project", id: "LIST" },
        ...(result?.list ?? []).map((p) => ({ type: "Project" as const, id: p.id })),
      ],
    }),
    project: build.query<Project, string>({
      query: (id) => `/api/v1/db/meta/projects/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: "Project", id }],
    }),
    createProject: build.mutation<Project, { title: string }>({
      query: (body) => ({ url: "/api/v1/db/meta/projects", method: "POST", body }),
      invalidatesTags: [{ type: "Project", id: "LIST" }],
    }),
    updateProject: build.mutation<Project, { id: string; title?: string; meta?: unknown }>({
      query: ({ id, meta, ...body }) => ({
        url: `/api/v1/db/meta/projects/${encodeURIComponent(id)}`,
        method: "PATCH",
        // Meta travels as a JSON string.
        body: meta === undefined ? body : { ...body, meta: typeof meta === "string" ? meta : JSON.stringify(meta) },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Project", id }, { type: "Project", id: "LIST" }],
    }),
    deleteProject: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/v1/db/meta/projects/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [{ type: "Project", id }, { type: "Project", id: "LIST" }],
    }),
  }),
});

export const {
  useProjectsQuery,
  useProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
