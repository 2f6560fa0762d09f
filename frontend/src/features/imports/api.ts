// The import endpoints (v1 paths). The upload itself goes through `upload.ts` (it reports
// progress); everything else through the one RTK Query API.
import { workbenchApi } from "../../app/api";
import type { ColumnMap, ImportJob, Template } from "./types";

const api = workbenchApi.enhanceEndpoints({ addTagTypes: ["Import"] });

const listTag = (projectId: string) => ({ type: "Import" as const, id: `project:${projectId}` });

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectImports: build.query<{ list: ImportJob[] }, string>({
      query: (projectId) => `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/imports`,
      providesTags: (_r, _e, projectId) => [listTag(projectId)],
    }),
    importJob: build.query<ImportJob, string>({
      query: (importId) => `/api/v1/db/meta/imports/${encodeURIComponent(importId)}`,
    }),
    startImport: build.mutation<ImportJob, { importId: string; projectId: string; template: Template; columnMap?: ColumnMap }>({
      query: ({ importId, template, columnMap }) => ({
        url: `/api/v1/db/meta/imports/${encodeURIComponent(importId)}/start`,
        method: "POST",
        body: columnMap ? { template, column_map: columnMap } : { template },
      }),
      invalidatesTags: (_r, _e, { projectId }) => [listTag(projectId)],
    }),
    cancelImport: build.mutation<ImportJob, { importId: string; projectId: string }>({
      query: ({ importId }) => ({ url: `/api/v1/db/meta/imports/${encodeURIComponent(importId)}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { projectId }) => [listTag(projectId), { type: "Table", id: `project:${projectId}` }],
    }),
  }),
});

export const { useProjectImportsQuery, useStartImportMutation, useCancelImportMutation } = importsApi;

/** After an import finished: the project's tables and its import list are read again, and
 * the filled tables' records. */
export function importFinishedTags(job: Pick<ImportJob, "project_id" | "tables">) {
  return [
    { type: "Table" as const, id: `project:${job.project_id}` },
    listTag(job.project_id),
    ...job.tables.flatMap((t) => [
      { type: "Table" as const, id: t.id },
      { type: "Records" as const, id: t.id },
    ]),
  ];
}
