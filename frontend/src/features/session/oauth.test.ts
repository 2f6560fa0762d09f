import { describe, expect, it } from "vitest";
import { oauthReturn } from "./oauth";

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
});
