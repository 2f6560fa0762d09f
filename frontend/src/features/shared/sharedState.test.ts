import { describe, expect, it, vi } from "vitest";
import { createHttpClient, type HttpError } from "../../app/http";
import { BLANK_FORM_COUNTDOWN, initialSharedState, isPasswordError, sharedReducer, type SharedAction, type SharedState } from "./sharedState";
import { setSharedBasePassword, sharedBaseIdFromPath, sharedBasePassword } from "./sharedBase";

const run = (actions: SharedAction[], from: SharedState = initialSharedState) => actions.reduce(sharedReducer, from);
const passwordError: HttpError = { status: 403, data: { msg: "INVALID_SHARED_VIEW_PASSWORD" }, message: "INVALID_SHARED_VIEW_PASSWORD" };

describe("shared view loading", () => {
  it("is ready after a load, not found on a 404, an error otherwise", () => {
    expect(run([{ type: "loaded" }]).status).toBe("ready");
    expect(run([{ type: "loadFailed", error: { status: 404, message: "View not found" } }]).status).toBe("notFound");
    const failed = run([{ type: "loadFailed", error: { status: 500, message: "Boom" } }]);
    expect(failed.status).toBe("error");
    expect(failed.error).toBe("Boom");
  });

  it("recognises the password error in msg, error or message", () => {
    expect(isPasswordError(passwordError)).toBe(true);
    expect(isPasswordError({ status: 403, data: { error: "ERR_INVALID_SHARED_VIEW_PASSWORD", message: "x" }, message: "x" })).toBe(true);
    expect(isPasswordError({ status: 403, data: { msg: "Forbidden" }, message: "Forbidden" })).toBe(false);
  });

  it("opens the prompt without an error first, then shows the error after a wrong password", () => {
    const prompted = run([{ type: "loadFailed", error: passwordError }]);
    expect(prompted.status).toBe("password");
    expect(prompted.passwordError).toBe(false);
    const wrong = run([{ type: "passwordEdited", value: "nope" }, { type: "passwordSubmitted" }, { type: "loadFailed", error: passwordError }], prompted);
    expect(wrong.password).toBe("nope");
    expect(wrong.status).toBe("password");
    expect(wrong.passwordError).toBe(true);
  });

  it("clears the password error as soon as the password is edited", () => {
    const wrong: SharedState = { ...initialSharedState, status: "password", password: "nope", passwordInput: "nope", passwordError: true };
    const edited = run([{ type: "passwordEdited", value: "nope2" }], wrong);
    expect(edited.passwordError).toBe(false);
    expect(edited.passwordInput).toBe("nope2");
    expect(edited.password).toBe("nope");
  });

  it("loads again with the entered password and is ready when it is right", () => {
    const state = run([
      { type: "loadFailed", error: passwordError },
      { type: "passwordEdited", value: "secret" },
      { type: "passwordSubmitted" },
    ]);
    expect(state.status).toBe("loading");
    expect(state.password).toBe("secret");
    expect(run([{ type: "loaded" }], state).status).toBe("ready");
  });
});

describe("shared form submission", () => {
  const ready = run([{ type: "loaded" }]);

  it("goes filling, submitting, submitted; a failure returns to filling", () => {
    const submitting = run([{ type: "submitStarted" }], ready);
    expect(submitting.form).toBe("submitting");
    expect(run([{ type: "submitStarted" }], submitting)).toBe(submitting);
    expect(run([{ type: "submitFailed" }], submitting).form).toBe("filling");
    const done = run([{ type: "submitSucceeded", showBlankForm: false }], submitting);
    expect(done.form).toBe("submitted");
    expect(done.countdown).toBeNull();
    expect(run([{ type: "tick" }], done)).toBe(done);
  });

  it("with show_blank_form counts down 5 seconds, then resets the form", () => {
    let state = run([{ type: "submitStarted" }, { type: "submitSucceeded", showBlankForm: true }], ready);
    expect(state.countdown).toBe(BLANK_FORM_COUNTDOWN);
    expect(BLANK_FORM_COUNTDOWN).toBe(5);
    const key = state.formKey;
    for (let left = 4; left >= 1; left -= 1) {
      state = sharedReducer(state, { type: "tick" });
      expect(state.countdown).toBe(left);
      expect(state.form).toBe("submitted");
    }
    state = sharedReducer(state, { type: "tick" });
    expect(state.countdown).toBeNull();
    expect(state.form).toBe("filling");
    expect(state.formKey).toBe(key + 1);
  });

  it("resets on demand (submit another form)", () => {
    const state = run([{ type: "submitStarted" }, { type: "submitSucceeded", showBlankForm: false }, { type: "formReset" }], ready);
    expect(state.form).toBe("filling");
    expect(state.formKey).toBe(ready.formKey + 1);
  });
});

describe("shared base routes", () => {
  it("take the shared base id from the path", () => {
    expect(sharedBaseIdFromPath("/base/abc-123")).toBe("abc-123");
    expect(sharedBaseIdFromPath("/base/abc/table/People")).toBe("abc");
    expect(sharedBaseIdFromPath("/nc/base/xyz")).toBe("xyz");
    expect(sharedBaseIdFromPath("/nc/p_1/table/base")).toBeNull();
    expect(sharedBaseIdFromPath("/")).toBeNull();
    expect(sharedBaseIdFromPath(undefined)).toBeNull();
  });
});

describe("the HTTP client on shared pages", () => {
  const ok = () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } });

  it("sends the shared base id, and its password once entered, on shared-base routes", async () => {
    const fetch = vi.fn(async () => ok());
    let password: string | null = null;
    const http = createHttpClient({
      fetch,
      getToken: () => null,
      getSharedBaseId: () => "sb-1",
      getSharedBasePassword: () => password,
      onToken: () => undefined,
      onSignOut: () => undefined,
    });
    await http.request({ url: "/api/v1/db/meta/projects/p1" });
    password = "pw";
    await http.request({ url: "/api/v1/db/meta/projects/p1/tables" });
    const headers = fetch.mock.calls.map((call) => new Headers((call as unknown as [string, RequestInit])[1].headers));
    expect(headers[0].get("xc-shared-base-id")).toBe("sb-1");
    expect(headers[0].get("xc-password")).toBeNull();
    expect(headers[1].get("xc-password")).toBe("pw");
  });

  it("does not refresh the session on a 401 from a public shared-view path", async () => {
    const fetch = vi.fn(async () => new Response('{"msg":"nope"}', { status: 401, headers: { "content-type": "application/json" } }));
    const onSignOut = vi.fn();
    const http = createHttpClient({ fetch, getToken: () => null, onToken: () => undefined, onSignOut });
    const result = await http.request({ url: "/api/v1/db/public/shared-view/u/meta", headers: { "xc-password": "x" } });
    expect(result.error?.status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(sharedBasePassword(null)).toBeNull();
    setSharedBasePassword("sb-2", "pw2");
    expect(sharedBasePassword("sb-2")).toBe("pw2");
  });
});
