import { workbenchApi } from "../../app/api";
import type { Paged } from "../projects/api";

export interface Member {
  id: string;
  email: string;
  firstname?: string | null;
  lastname?: string | null;
  roles: string;
  invite_pending?: boolean;
  invite_token?: string | null;
}

/** An invitation's token comes back only when it was not mailed to the address. */
export interface InviteResult {
  msg: string;
  invite_token?: string | null;
  email?: string;
  invites?: { email: string; invite_token: string | null }[];
}

/** What to tell the inviter about each new address: the link to pass on, or null when the
 * invitation was mailed. Addresses that already had an account get neither. */
export function invitedLinks(result: InviteResult, origin: string): { email: string; url: string | null }[] {
  const invites = result.invites ?? (result.email ? [{ email: result.email, invite_token: result.invite_token ?? null }] : []);
  return invites.map((i) => ({ email: i.email, url: i.invite_token ? inviteLink(origin, i.invite_token) : null }));
}

/** The roles a member can be given. */
export const MEMBER_ROLES = ["creator", "editor", "commenter", "viewer"] as const;

const tag = (projectId: string) => ({ type: "Members" as const, id: projectId });

export const membersApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["Members"] }).injectEndpoints({
  endpoints: (build) => ({
    members: build.query<{ users: Paged<Member> }, string>({
      query: (projectId) => ({ url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/users`, params: { limit: 1000 } }),
      providesTags: (_r, _e, projectId) => [tag(projectId)],
    }),
    inviteMember: build.mutation<InviteResult, { projectId: string; email: string; roles: string; lang?: string }>({
      query: ({ projectId, email, roles, lang }) => ({
        url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/users`,
        method: "POST",
        body: { email, roles, ...(lang ? { lang } : {}) },
      }),
      invalidatesTags: (_r, _e, { projectId }) => [tag(projectId)],
    }),
    updateMember: build.mutation<unknown, { projectId: string; userId: string; roles: string }>({
      query: ({ projectId, userId, roles }) => ({
        url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/users/${encodeURIComponent(userId)}`,
        method: "PATCH",
        body: { roles },
      }),
      invalidatesTags: (_r, _e, { projectId }) => [tag(projectId)],
    }),
    removeMember: build.mutation<unknown, { projectId: string; userId: string }>({
      query: ({ projectId, userId }) => ({
        url: `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/users/${encodeURIComponent(userId)}`,
        method: "DELETE",
      }),
      invalidatesTags: (_r, _e, { projectId }) => [tag(projectId)],
    }),
  }),
});

export const { useMembersQuery, useInviteMemberMutation, useUpdateMemberMutation, useRemoveMemberMutation } = membersApi;

/** The link an invited person opens to sign up (route /signup/{token}). */
export function inviteLink(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/signup/${encodeURIComponent(token)}`;
}
