// The one RTK Query API: every piece of server data goes through it. Features add endpoints
// with `workbenchApi.injectEndpoints` (see src/features/*/api.ts).
import { createApi, type BaseQueryFn } from "@reduxjs/toolkit/query/react";
import type { HttpClient, HttpError, HttpRequest } from "./http";

export interface ThunkExtra {
  http: HttpClient;
}

export const httpBaseQuery: BaseQueryFn<HttpRequest | string, unknown, HttpError> = async (args, api) => {
  const { http } = api.extra as ThunkExtra;
  const result = await http.request(typeof args === "string" ? { url: args } : args);
  return result.error ? { error: result.error } : { data: result.data };
};

export const workbenchApi = createApi({
  reducerPath: "api",
  baseQuery: httpBaseQuery,
  tagTypes: ["AppInfo", "Me", "Project", "Table", "Records", "Catalogue", "Hook"],
  endpoints: () => ({}),
});
