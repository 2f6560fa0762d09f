// The state of a public shared view page: loading, ready, not found (404) or
// password required; editing the password clears the previous password error. A shared
// form goes filling → submitting → submitted; with show_blank_form on, a 5-second countdown
// follows, then the form resets and the submitted flag clears.
import { BLANK_FORM_COUNTDOWN_S } from "../../app/constants";
import type { HttpError } from "../../app/http";

export const BLANK_FORM_COUNTDOWN = BLANK_FORM_COUNTDOWN_S;
export const PASSWORD_ERROR_CODE = "INVALID_SHARED_VIEW_PASSWORD";

export type LoadStatus = "loading" | "ready" | "notFound" | "password" | "error";
export type FormStatus = "filling" | "submitting" | "submitted";

export interface SharedState {
  status: LoadStatus;
  /** The password as typed in the prompt. */
  passwordInput: string;
  /** The password the last load was made with (sent as xc-password). */
  password: string;
  /** A wrong password was entered: show "Something went wrong. Please check your credentials." */
  passwordError: boolean;
  /** Other load errors: the server's message. */
  error: string | null;
  form: FormStatus;
  /** Seconds left before a blank form shows again; null when no countdown runs. */
  countdown: number | null;
  /** Bumped when the form resets, so its fields start empty. */
  formKey: number;
}

export const initialSharedState: SharedState = {
  status: "loading",
  passwordInput: "",
  password: "",
  passwordError: false,
  error: null,
  form: "filling",
  countdown: null,
  formKey: 0,
};

export type SharedAction =
  | { type: "loaded" }
  | { type: "loadFailed"; error: HttpError }
  | { type: "passwordEdited"; value: string }
  | { type: "passwordSubmitted" }
  | { type: "submitStarted" }
  | { type: "submitFailed" }
  | { type: "submitSucceeded"; showBlankForm: boolean }
  | { type: "tick" }
  | { type: "formReset" };

/** Does the server say the shared view's password is missing or wrong? */
export function isPasswordError(error: HttpError): boolean {
  const data = error.data as { msg?: unknown; error?: unknown; message?: unknown } | null | undefined;
  const texts = [data?.msg, data?.error, data?.message, error.message].filter((t): t is string => typeof t === "string");
  return texts.some((t) => t.toUpperCase().includes(PASSWORD_ERROR_CODE));
}

export function sharedReducer(state: SharedState, action: SharedAction): SharedState {
  switch (action.type) {
    case "loaded":
      return { ...state, status: "ready", passwordError: false, error: null };
    case "loadFailed": {
      if (action.error.status === 404) return { ...state, status: "notFound" };
      if (isPasswordError(action.error)) {
        // The prompt opens; if a password had been entered, it was wrong.
        return { ...state, status: "password", passwordError: state.password !== "" };
      }
      return { ...state, status: "error", error: action.error.message };
    }
    case "passwordEdited":
      return { ...state, passwordInput: action.value, passwordError: false };
    case "passwordSubmitted":
      return { ...state, password: state.passwordInput, status: "loading", passwordError: false };
    case "submitStarted":
      return state.form === "filling" ? { ...state, form: "submitting" } : state;
    case "submitFailed":
      return { ...state, form: "filling" };
    case "submitSucceeded":
      return { ...state, form: "submitted", countdown: action.showBlankForm ? BLANK_FORM_COUNTDOWN : null };
    case "tick": {
      if (state.countdown === null) return state;
      if (state.countdown > 1) return { ...state, countdown: state.countdown - 1 };
      return { ...state, countdown: null, form: "filling", formKey: state.formKey + 1 };
    }
    case "formReset":
      return { ...state, countdown: null, form: "filling", formKey: state.formKey + 1 };
  }
}
