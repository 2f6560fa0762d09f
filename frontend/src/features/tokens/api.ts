// The signed-in user's API tokens (`xc-token`): listed with their first characters only; a
// new token is shown once, in the answer that creates it.
import { workbenchApi } from "../../app/api";

export interface ApiToken {
  id: string;
  description: string | null;
  /** The whole token right after creation; later only its first characters and an ellipsis. */
  token: string;
  created_at: string | null;
  last_used_at: string | null;
}

export const tokensApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["ApiTokens"] }).injectEndpoints({
  endpoints: (build) => ({
    apiTokens: build.query<{ list: ApiToken[] }, void>({
      query: () => ({ url: "/api/v1/tokens", params: { limit: 1000 } }),
      providesTags: ["ApiTokens"],
    }),
    createApiToken: build.mutation<ApiToken, { description: string }>({
      query: (body) => ({ url: "/api/v1/tokens", method: "POST", body }),
      invalidatesTags: ["ApiTokens"],
    }),
    deleteApiToken: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/v1/tokens/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: ["ApiTokens"],
    }),
  }),
});

export const { useApiTokensQuery, useCreateApiTokenMutation, useDeleteApiTokenMutation } = tokensApi;
