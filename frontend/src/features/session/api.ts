import { workbenchApi } from "../../app/api";
import { rolesMap } from "./token";

export interface AppInfo {
  ncSiteUrl?: string;
  authType: string;
  connectToExternalDB: boolean;
  defaultLimit: number;
  firstUser: boolean;
  githubAuthEnabled: boolean;
  googleAuthEnabled: boolean;
  passwordAuthEnabled?: boolean;
  inviteOnlySignup?: boolean;
  ncMin: boolean;
  oneClick: boolean;
  projectHasAdmin: boolean;
  teleEnabled: boolean;
  type?: string;
  version?: string;
}

/** Defaults, used until the server's answer is known. */
export const APP_INFO_DEFAULTS: AppInfo = {
  authType: "jwt",
  connectToExternalDB: false,
  defaultLimit: 0,
  firstUser: true,
  githubAuthEnabled: false,
  googleAuthEnabled: true,
  ncMin: false,
  oneClick: false,
  projectHasAdmin: false,
  teleEnabled: true,
};

export interface User {
  id: string | null;
  email: string | null;
  firstname?: string | null;
  lastname?: string | null;
  display_name?: string | null;
  /** The address of the user's avatar image, when they set one. */
  avatar?: string | null;
  roles: Record<string, boolean>;
  /** True once a link mailed to the address was followed. */
  email_verified?: boolean;
  /** The language the mails to this account are written in (null: not chosen). */
  lang?: string | null;
  /** Two-factor sign-in is on for this account. */
  two_factor_enabled?: boolean;
  /** The super admin requires two-factor sign-in and this account has not set it up. */
  two_factor_required?: boolean;
}

/** A password sign-in's answer: a session, or, with two-factor sign-in, the challenge that a
 * code answers. */
export interface SignInResult {
  token?: string;
  twoFactorRequired?: boolean;
  challenge?: string;
}

export interface SignUpBody {
  email: string;
  password: string;
  firstname?: string;
  lastname?: string;
  token?: string;
}

export const sessionApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    appInfo: build.query<AppInfo, void>({
      query: () => "/api/v1/db/meta/nocodb/info",
      transformResponse: (info: Partial<AppInfo>) => ({ ...APP_INFO_DEFAULTS, ...info }),
      providesTags: ["AppInfo"],
    }),
    me: build.query<User, { projectId?: string } | void>({
      query: (arg) => ({ url: "/api/v1/auth/user/me", params: { project_id: arg?.projectId } }),
      // Roles come as a map of role name to true, or as a comma-separated string.
      transformResponse: (user: Omit<User, "roles"> & { roles?: unknown }) => ({ ...user, roles: rolesMap(user.roles) }),
      providesTags: ["Me"],
    }),
    signIn: build.mutation<SignInResult, { email: string; password: string }>({
      query: (body) => ({ url: "/api/v1/auth/user/signin", method: "POST", body }),
    }),
    signInCode: build.mutation<{ token: string }, { challenge: string; code: string }>({
      query: (body) => ({ url: "/api/v1/auth/user/signin/2fa", method: "POST", body }),
    }),
    signUp: build.mutation<{ token: string }, SignUpBody>({
      query: (body) => ({ url: "/api/v1/auth/user/signup", method: "POST", body }),
      invalidatesTags: ["AppInfo"],
    }),
    signOut: build.mutation<unknown, void>({
      query: () => ({ url: "/api/v1/auth/user/signout", method: "POST" }),
    }),
  }),
});

export const {
  useAppInfoQuery,
  useMeQuery,
  useSignInMutation,
  useSignInCodeMutation,
  useSignUpMutation,
  useSignOutMutation,
} = sessionApi;
