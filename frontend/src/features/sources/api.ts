import { workbenchApi } from "../../app/api";
import type { Project, ProjectSource } from "../projects/api";

/** A connection config as the API takes it (NocoDB's shape). */
export interface ConnectionConfig {
  client: string;
  connection: Record<string, unknown>;
  searchPath?: string[];
}

/** What connecting or forgetting a source changes: the project (its sources) and its tables. */
const projectTags = (projectId: string) => [
  { type: "Project" as const, id: projectId },
  { type: "Table" as const, id: `project:${projectId}` },
];

export const sourcesApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    testConnection: build.mutation<{ code: number; message: string }, ConnectionConfig>({
      query: (body) => ({ url: "/api/v1/db/meta/connection/test", method: "POST", body }),
    }),
    createExternalProject: build.mutation<Project, { title: string; config: ConnectionConfig }>({
      query: ({ title, config }) => ({
        url: "/api/v1/db/meta/projects",
        method: "POST",
        body: { title, external: true, bases: [{ type: config.client, config }] },
      }),
      invalidatesTags: [{ type: "Project", id: "LIST" }],
    }),
    connectSource: build.mutation<ProjectSource, { projectId: string; alias: string; config: ConnectionConfig }>({
      query: ({ projectId, alias, config }) => ({
        url: `/api/v2/meta/bases/${encodeURIComponent(projectId)}/sources`,
        method: "POST",
        body: { alias: alias.trim() || null, config },
      }),
      invalidatesTags: (result, _e, { projectId }) => (result ? projectTags(projectId) : []),
    }),
    removeSource: build.mutation<unknown, { projectId: string; sourceId: string }>({
      query: ({ projectId, sourceId }) => ({
        url: `/api/v2/meta/bases/${encodeURIComponent(projectId)}/sources/${encodeURIComponent(sourceId)}`,
        method: "DELETE",
      }),
      invalidatesTags: (_r, error, { projectId }) => (error ? [] : projectTags(projectId)),
    }),
  }),
});

export const { useTestConnectionMutation, useCreateExternalProjectMutation, useConnectSourceMutation, useRemoveSourceMutation } = sourcesApi;
