import { workbenchApi } from "../../app/api";
import type { Project } from "../projects/api";

/** A connection config as the API takes it (NocoDB's shape). */
export interface ConnectionConfig {
  client: string;
  connection: Record<string, unknown>;
  searchPath?: string[];
}

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
  }),
});

export const { useTestConnectionMutation, useCreateExternalProjectMutation } = sourcesApi;
