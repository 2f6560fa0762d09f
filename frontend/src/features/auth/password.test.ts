import { describe, expect, it } from "vitest";
import { normalisePassword, passwordProblem } from "./password";

describe("passwordProblem", () => {
  it("refuses passwords of only spaces and short ones after normalisation", () => {
    expect(passwordProblem("        ")).toEqual({ id: "auth.password.onlySpaces" });
    expect(passwordProblem("\t \u3000 ")).toEqual({ id: "auth.password.onlySpaces" });
    expect(passwordProblem("  ab   cd  ")?.id).toBe("auth.reset.tooShort");
    expect(passwordProblem("")?.id).toBe("auth.reset.tooShort");
  });

  it("takes any other password of 8 characters or more", () => {
    expect(passwordProblem("ab cd ef gh")).toBeNull();
    expect(passwordProblem("😀😀😀😀😀😀😀😀")).toBeNull();
    expect(normalisePassword("\uff50\uff41\uff53\uff53")).toBe("pass");
  });
});
