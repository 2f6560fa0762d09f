import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import { ProjectTitleForm } from "./ProjectTitleDialog";
import { DEFAULT_THEME } from "../../app/constants";
import { metaWithTheme, themeFromMeta } from "./theme";
import { validateProjectTitle } from "./validation";

describe("project title rules", () => {
  it("requires a name of at most 50 characters that does not start with a space", () => {
    expect(validateProjectTitle("")).toBe("project.title.required");
    expect(validateProjectTitle("   ")).toBe("project.title.required");
    expect(validateProjectTitle(" Sales")).toBe("project.title.leadingSpace");
    expect(validateProjectTitle("x".repeat(50))).toBeNull();
    expect(validateProjectTitle("x".repeat(51))).toBe("project.title.tooLong");
  });

  it("shows the rule inline and blocks submitting", () => {
    let submitted: string | null = null;
    renderWithProviders(<ProjectTitleForm submitLabel="Create" onSubmit={(t) => (submitted = t)} />);
    const input = screen.getByTestId("project-title-input");
    fireEvent.change(input, { target: { value: " Leading" } });
    expect(screen.getByText("Project name cannot start with a space")).toBeTruthy();
    expect((screen.getByTestId("project-title-submit") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: "y".repeat(51) } });
    expect(screen.getByText("Project name must be at most 50 characters long")).toBeTruthy();
    fireEvent.change(input, { target: { value: "Sales" } });
    fireEvent.click(screen.getByTestId("project-title-submit"));
    expect(submitted).toBe("Sales");
  });
});

describe("theme", () => {
  it("reads valid colours from meta as an object or JSON string", () => {
    expect(themeFromMeta({ theme: { primaryColor: "#123", accentColor: "abcdef" } })).toEqual({
      primaryColor: "#123",
      accentColor: "#abcdef",
    });
    // no alpha: 4 and 8 digits fall back to the default
    expect(themeFromMeta('{"theme":{"primaryColor":"#11223344"}}').primaryColor).toBe(DEFAULT_THEME.primaryColor);
    expect(themeFromMeta('{"theme":{"accentColor":"#abcd"}}').accentColor).toBe(DEFAULT_THEME.accentColor);
  });

  it("falls back to the defaults for invalid or missing colours", () => {
    expect(themeFromMeta({ theme: { primaryColor: "#12345", accentColor: "red" } })).toEqual({
      primaryColor: "#4351E8",
      accentColor: "#FF4A8D",
    });
    expect(themeFromMeta("not json")).toEqual({ primaryColor: "#4351E8", accentColor: "#FF4A8D" });
    expect(themeFromMeta(null).primaryColor).toBe("#4351E8");
  });
});

describe("theme saving", () => {
  it("keeps the other entries of a meta that arrived as a JSON string", () => {
    const meta = JSON.stringify({ icon: "rocket", theme: { primaryColor: "#111", extra: 1 } });
    expect(metaWithTheme(meta, { primaryColor: "abcdef", accentColor: "#123" })).toEqual({
      icon: "rocket",
      theme: { primaryColor: "#abcdef", accentColor: "#123", extra: 1 },
    });
  });

  it("starts from an empty meta when there is none or it is not JSON", () => {
    const theme = { primaryColor: "#222222", accentColor: "#333333" };
    expect(metaWithTheme(null, theme)).toEqual({ theme });
    expect(metaWithTheme("{broken", theme)).toEqual({ theme });
  });
});
