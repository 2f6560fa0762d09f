// The installed plugins (GET /api/v1/plugins), for the super admin's app store page.
import { workbenchApi } from "../../app/api";

export interface PluginInfo {
  name: string;
  version: string;
  kind: string;
  enabled: boolean;
  module?: string;
}

export const appsApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    plugins: build.query<{ list: PluginInfo[] }, void>({
      query: () => "/api/v1/plugins",
    }),
  }),
});

export const { usePluginsQuery } = appsApi;
