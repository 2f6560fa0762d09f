// Organisation users and app settings (super admin).
import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";
import type { User } from "../session/api";

export const ORG_ROLES = ["org-level-creator", "org-level-viewer"] as const;

export interface OrgUser extends User {
  blocked?: boolean;
  invite_pending?: boolean;
}

export interface AppSettings {
  invite_only_signup: boolean;
  signup_role?: string;
  /** Every user must set up two-factor sign-in. */
  require_two_factor?: boolean;
}

export const usersApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["Users", "AppSettings"] }).injectEndpoints({
  endpoints: (build) => ({
    users: build.query<Paged<OrgUser>, void>({
      query: () => ({ url: "/api/v1/users", params: { limit: 1000 } }),
      providesTags: ["Users"],
    }),
    inviteUser: build.mutation<{ msg: string; invite_token?: string; email: string }, { email: string; roles: string }>({
      query: (body) => ({ url: "/api/v1/users", method: "POST", body }),
      invalidatesTags: ["Users"],
    }),
    updateUser: build.mutation<OrgUser, { id: string; roles?: string; blocked?: boolean }>({
      query: ({ id, ...body }) => ({ url: `/api/v1/users/${encodeURIComponent(id)}`, method: "PATCH", body }),
      invalidatesTags: ["Users"],
    }),
    deleteUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/v1/users/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: ["Users"],
    }),
    appSettings: build.query<AppSettings, void>({
      query: () => "/api/v1/app-settings",
      providesTags: ["AppSettings"],
    }),
    setAppSettings: build.mutation<AppSettings, Partial<AppSettings>>({
      query: (body) => ({ url: "/api/v1/app-settings", method: "POST", body }),
      invalidatesTags: ["AppSettings", "AppInfo"],
    }),
  }),
});

export const {
  useUsersQuery,
  useInviteUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useAppSettingsQuery,
  useSetAppSettingsMutation,
} = usersApi;
