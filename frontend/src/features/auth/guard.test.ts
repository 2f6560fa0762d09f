import { describe, expect, it } from "vitest";
import { guardRoute, refusedOnProject, type GuardInput } from "./guard";

const base: GuardInput = { meta: {}, params: {}, signedIn: false, firstUser: false, roles: {}, previous: null };

describe("route guard", () => {
  it("lets public routes and shared bases through", () => {
    expect(guardRoute({ ...base, meta: { public: true } })).toBeNull();
    expect(guardRoute({ ...base, params: { projectType: "base" } })).toBeNull();
  });

  it("sends signed-out visitors to sign-up for the first user, else sign-in", () => {
    expect(guardRoute({ ...base, firstUser: true })).toEqual({ to: "/signup" });
    expect(guardRoute({ ...base, firstUser: false })).toEqual({ to: "/signin" });
  });

  it("bounces signed-in users off no-auth routes to the previous route, or / if that was no-auth too", () => {
    const meta = { noAuth: true };
    expect(guardRoute({ ...base, meta, signedIn: false })).toBeNull();
    expect(guardRoute({ ...base, meta, signedIn: true, previous: { path: "/account", noAuth: false } })).toEqual({ to: "/account" });
    expect(guardRoute({ ...base, meta, signedIn: true, previous: { path: "/signup", noAuth: true } })).toEqual({ to: "/" });
    expect(guardRoute({ ...base, meta, signedIn: true, previous: null })).toEqual({ to: "/" });
  });

  it("refuses routes restricted by role with an error", () => {
    const meta = { allowedRoles: ["super"] };
    expect(guardRoute({ ...base, meta, signedIn: true, roles: { "org-level-creator": true } })).toEqual({
      to: "/",
      error: "permission.page",
    });
    expect(guardRoute({ ...base, meta, signedIn: true, roles: { super: true } })).toBeNull();
  });

  it("refuses the plain user role on projects", () => {
    expect(refusedOnProject({ user: true })).toBe(true);
    expect(refusedOnProject({ owner: true })).toBe(false);
    expect(refusedOnProject(undefined)).toBe(false);
  });
});
