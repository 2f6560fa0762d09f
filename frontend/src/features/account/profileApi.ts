// The signed-in user's profile: the name shown for them, the language of their mails and
// their avatar. A change reads the
// current user again.
import { workbenchApi } from "../../app/api";
import type { User } from "../session/api";

/** The images an avatar may be, and its largest size (the server checks the same). */
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
export const AVATAR_MAX_BYTES = 1024 * 1024;

/** Why a chosen file cannot be an avatar (a message id), or null. */
export function avatarProblem(file: Pick<File, "type" | "size">): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return "account.avatar.wrongType";
  if (file.size > AVATAR_MAX_BYTES) return "account.avatar.tooLarge";
  return null;
}

const profileApi = workbenchApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, { display_name?: string | null; lang?: string | null }>({
      query: (body) => ({ url: "/api/v1/user/profile", method: "PATCH", body }),
      invalidatesTags: ["Me"],
    }),
    uploadAvatar: build.mutation<User, File>({
      query: (file) => {
        const body = new FormData();
        body.append("file", file, file.name);
        return { url: "/api/v1/user/avatar", method: "POST", body };
      },
      invalidatesTags: ["Me"],
    }),
    removeAvatar: build.mutation<User, void>({
      query: () => ({ url: "/api/v1/user/avatar", method: "DELETE" }),
      invalidatesTags: ["Me"],
    }),
  }),
});

export const { useUpdateProfileMutation, useUploadAvatarMutation, useRemoveAvatarMutation } = profileApi;
