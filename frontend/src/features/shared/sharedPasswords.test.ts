import { beforeEach, describe, expect, it } from "vitest";
import { forgetPassword, rememberPassword, rememberedPassword } from "./sharedPasswords";

describe("shared view passwords", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("are kept per view for the session", () => {
    expect(rememberedPassword("abc")).toBe("");
    rememberPassword("abc", "s3cret");
    rememberPassword("def", "other");
    expect(rememberedPassword("abc")).toBe("s3cret");
    expect(rememberedPassword("def")).toBe("other");
    expect(window.localStorage.length).toBe(0);
  });

  it("are forgotten when refused, and never kept empty", () => {
    rememberPassword("abc", "s3cret");
    forgetPassword("abc");
    expect(rememberedPassword("abc")).toBe("");
    rememberPassword("abc", "");
    expect(window.sessionStorage.length).toBe(0);
  });
});
