import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import { ResetPassword } from "./ResetPassword";

type Call = { url: string; method: string; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A server answering the token check with `check`, and every reset with `reset`. */
function server(check: Response, reset?: Response) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes("/token/validate/")) return check;
    if (url.includes("/password/reset/") && reset) return reset;
    throw new Error("unexpected request " + url);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function renderPage(fetch: typeof globalThis.fetch, token = "tok-123") {
  const view = renderWithProviders(
    <Routes>
      <Route path="/reset-password/:token" element={<ResetPassword />} />
    </Routes>,
    { fetch, route: `/reset-password/${token}` },
  );
  act(() => {
    view.store.dispatch(settingsLoaded(defaultSettings()));
  });
  return view;
}

function type(id: string, value: string) {
  fireEvent.change(document.getElementById(id)!, { target: { value } });
}

describe("reset password page", () => {
  it("checks the link, applies the password rules, then sets the password", async () => {
    const { fetch, calls } = server(json(200, { msg: "valid" }), json(200, { msg: "Password has been reset successfully" }));
    renderPage(fetch);
    await screen.findByTestId("reset-submit");
    expect(calls[0]).toMatchObject({ url: expect.stringContaining("/api/v1/auth/token/validate/tok-123"), method: "POST" });

    type("reset-password", "short");
    fireEvent.click(screen.getByTestId("reset-submit"));
    expect(screen.getByText("The password must be at least 8 characters long")).toBeTruthy();
    type("reset-password", "a long enough one");
    type("reset-confirm", "something else");
    fireEvent.click(screen.getByTestId("reset-submit"));
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(calls).toHaveLength(1);

    type("reset-confirm", "a long enough one");
    fireEvent.click(screen.getByTestId("reset-submit"));
    await screen.findByTestId("reset-done");
    expect(calls[1]).toMatchObject({
      url: expect.stringContaining("/api/v1/auth/password/reset/tok-123"),
      method: "POST",
      body: { password: "a long enough one" },
    });
  });

  it("shows why a link cannot be used and offers a new one", async () => {
    const msg = "This password reset link has expired; ask for a new one";
    const { fetch, calls } = server(json(400, { msg }));
    renderPage(fetch);
    await waitFor(() => expect(screen.getByTestId("form-error").textContent).toBe(msg));
    expect(screen.queryByTestId("reset-submit")).toBeNull();
    expect(screen.getByText("Ask for a new link").closest("a")?.getAttribute("href")).toBe("/forgot-password");
    expect(calls).toHaveLength(1);
  });
});
