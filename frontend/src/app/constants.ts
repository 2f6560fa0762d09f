// Business constants that the client uses.

/** Refresh the session token when fewer than this many seconds remain. */
export const TOKEN_REFRESH_MARGIN_S = 5 * 60;
/** The clock tick (ms); the session clock checks the token expiry this often. */
export const SESSION_CHECK_INTERVAL_MS = 100;
/** The session clock never refreshes twice within this time (ms), whatever the token says. */
export const REFRESH_MIN_GAP_MS = 10_000;
/** Toast duration (ms). */
export const TOAST_TIMEOUT_MS = 3000;
/** Project title limit. */
export const PROJECT_TITLE_MAX = 50;
/** Statuses retried once for idempotent methods. */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** Methods that are never retried. */
export const NO_RETRY_METHODS = ["POST", "PATCH", "PUT", "DELETE"] as const;
/** Default theme: royal blue primary, pink accent. */
export const DEFAULT_THEME = { primaryColor: "#4351E8", accentColor: "#FF4A8D" } as const;
/** The bar's spinner shows once requests have been under way this long (ms): a quick save
 * or read shows none (no flicker, and no redraw of the bar while the user types). */
export const LOADING_SPINNER_DELAY_MS = 300;
/** How long a "copied" flag shows (ms). */
export const COPIED_FLAG_MS = 1500;
/** Seconds before a shared form shows a blank form again (show_blank_form). */
export const BLANK_FORM_COUNTDOWN_S = 5;
