// The rules a new password follows, as the server applies them: at least 8 characters
// after normalisation (NFKC, runs of white space as one space, none at either end), any
// characters. The list of common passwords is checked by the server, whose message the
// forms show.
export const MIN_PASSWORD_LENGTH = 8;

export function normalisePassword(password: string): string {
  return password.normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/** The message id (and values) saying why `password` cannot be a new password, or null. */
export function passwordProblem(password: string): { id: string; values?: Record<string, number> } | null {
  const text = normalisePassword(password);
  if (password && !text) return { id: "auth.password.onlySpaces" };
  if ([...text].length < MIN_PASSWORD_LENGTH) return { id: "auth.reset.tooShort", values: { n: MIN_PASSWORD_LENGTH } };
  return null;
}
