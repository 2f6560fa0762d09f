import { describe, expect, it } from "vitest";
import { oauthFailureMessage, oauthReturn } from "./oauth";

describe("OAuth return", () => {
  it("needs a code with a scope or a state", () => {
    expect(oauthReturn("")).toBeNull();
    expect(oauthReturn("?code=abc")).toBeNull();
    expect(oauthReturn("?scope=email")).toBeNull();
  });

  it("exchanges with google by default and github when state says so, keeping the query", () => {
    expect(oauthReturn("?code=abc&scope=email")).toEqual({ url: "/auth/google/genTokenByCode?code=abc&scope=email" });
    expect(oauthReturn("?code=abc&state=github")).toEqual({ url: "/auth/github/genTokenByCode?code=abc&state=github" });
  });

  it("exchanges with the provider a state's prefix names", () => {
    expect(oauthReturn("?code=abc&state=oidc.x1-Y_2")).toEqual({ url: "/auth/oidc/genTokenByCode?code=abc&state=oidc.x1-Y_2" });
    // Google's and GitHub's returns, as their plugins' states name them.
    const google = "?state=google.Ab-1&code=4%2F0A&scope=email+profile+openid&authuser=0&prompt=consent";
    expect(oauthReturn(google)).toEqual({ url: `/auth/google/genTokenByCode${google}` });
    expect(oauthReturn("?code=abc&state=github.Zz_9")).toEqual({ url: "/auth/github/genTokenByCode?code=abc&state=github.Zz_9" });
    // A prefix that is no provider name is not taken as one.
    expect(oauthReturn("?code=abc&state=../x.y")).toEqual({ url: "/auth/google/genTokenByCode?code=abc&state=../x.y" });
  });
});

describe("OAuth failure", () => {
  it("shows the server's message only when it sent one", () => {
    expect(oauthFailureMessage({ status: 400, data: { msg: "Bad code" } })).toBe("Bad code");
    expect(oauthFailureMessage({ status: 401, data: { message: "Expired" } })).toBe("Expired");
    expect(oauthFailureMessage({ status: 500, data: "<html>" })).toBeNull();
    expect(oauthFailureMessage({ status: 400, data: '{"msg":"As text"}' })).toBe("As text");
    expect(oauthFailureMessage({ status: 500, data: {} })).toBeNull();
    expect(oauthFailureMessage({ status: "FETCH_ERROR" })).toBeNull();
  });
});
