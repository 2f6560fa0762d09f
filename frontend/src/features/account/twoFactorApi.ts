// Two-factor sign-in of the signed-in user (account page).
import { workbenchApi } from "../../app/api";

export interface TwoFactorStatus {
  enabled: boolean;
  /** The super admin requires it and this account has not set it up. */
  required: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  /** The otpauth URI as a QR code (an SVG data URI). */
  qr: string;
}

export const twoFactorApi = workbenchApi.enhanceEndpoints({ addTagTypes: ["TwoFactor"] }).injectEndpoints({
  endpoints: (build) => ({
    twoFactor: build.query<TwoFactorStatus, void>({
      query: () => "/api/v1/auth/2fa",
      providesTags: ["TwoFactor"],
    }),
    setupTwoFactor: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: "/api/v1/auth/2fa/setup", method: "POST", body: {} }),
    }),
    enableTwoFactor: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: "/api/v1/auth/2fa/enable", method: "POST", body }),
      invalidatesTags: ["TwoFactor", "Me"],
    }),
    disableTwoFactor: build.mutation<{ msg: string }, { code: string }>({
      query: (body) => ({ url: "/api/v1/auth/2fa/disable", method: "POST", body }),
      invalidatesTags: ["TwoFactor", "Me"],
    }),
    newRecoveryCodes: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: "/api/v1/auth/2fa/recovery-codes", method: "POST", body }),
      invalidatesTags: ["TwoFactor"],
    }),
  }),
});

export const {
  useTwoFactorQuery,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useNewRecoveryCodesMutation,
} = twoFactorApi;
