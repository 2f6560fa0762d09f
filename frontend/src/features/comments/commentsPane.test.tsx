// The comments pane: lists a record's comments with author, time and edited marker, offers
// edit and delete on one's own only, writes new ones, and shows no box to those who may not write.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders";
import { defaultSettings } from "../settings/settings";
import { settingsLoaded } from "../settings/settingsSlice";
import { CommentsPane } from "./CommentsPane";
import type { RowComment } from "./api";

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const base = { row_id: "1", fk_model_id: "md_t", edited_at: null, created_at: "2026-01-02 10:00:00" };
const theirs: RowComment = { ...base, id: "cm_1", comment: "First!", created_by: "us_other", created_by_email: "o@x.io", display_name: "Olga", is_edited: true };
const mine: RowComment = { ...base, id: "cm_2", comment: "Mine", created_by: "us_me", created_by_email: "me@x.io", display_name: "Me", is_edited: false };

function setup(canComment: boolean) {
  let comments = [theirs, mine];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const request = { method };
    calls.push({ method, url: url.pathname + url.search, body });
    if (url.pathname === "/api/v1/auth/user/me") return respond(200, { id: "us_me", email: "me@x.io", roles: {} });
    if (url.pathname === "/api/v1/db/meta/comments" && request.method === "GET") return respond(200, { list: comments, pageInfo: {} });
    if (url.pathname === "/api/v1/db/meta/comments" && request.method === "POST") {
      const created = { ...mine, id: "cm_3", comment: (body as { comment: string }).comment };
      comments = [...comments, created];
      return respond(200, created);
    }
    if (url.pathname === "/api/v1/db/meta/comment/cm_2" && request.method === "PATCH") {
      comments = comments.map((c) => (c.id === "cm_2" ? { ...c, comment: (body as { comment: string }).comment, is_edited: true } : c));
      return respond(200, comments[1]);
    }
    if (url.pathname === "/api/v1/db/meta/comment/cm_2" && request.method === "DELETE") {
      comments = comments.filter((c) => c.id !== "cm_2");
      return respond(200, true);
    }
    return respond(404, { msg: "Not found" });
  });
  const { store } = renderWithProviders(<CommentsPane projectId="p_1" tableId="md_t" rowId="1" canComment={canComment} />, {
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  store.dispatch(settingsLoaded({ ...defaultSettings(), token: "tok" }));
  return calls;
}

describe("comments pane", () => {
  it("lists comments with author, time and the edited marker; only one's own can be changed", async () => {
    setup(true);
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(2));
    const [first, second] = screen.getAllByTestId("comment");
    expect(within(first).getByTestId("comment-author").textContent).toBe("Olga");
    expect(within(first).getByTestId("comment-edited").textContent).toContain("(edited)");
    expect(within(first).getByRole("time").getAttribute("dateTime")).toBe("2026-01-02 10:00:00");
    expect(within(first).queryByTestId("comment-edit")).toBeNull();
    await waitFor(() => expect(within(second).getByTestId("comment-edit")).toBeTruthy());
    expect(within(second).queryByTestId("comment-edited")).toBeNull();
  });

  it("writes, edits and deletes", async () => {
    const calls = setup(true);
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(2));
    fireEvent.change(screen.getByTestId("comment-input"), { target: { value: "Hello @o@x.io" } });
    fireEvent.click(screen.getByTestId("comment-send"));
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(3));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ fk_model_id: "md_t", row_id: "1", comment: "Hello @o@x.io" });
    expect((screen.getByTestId("comment-input") as HTMLTextAreaElement).value).toBe("");

    const own = screen.getAllByTestId("comment")[1];
    await waitFor(() => expect(within(own).getByTestId("comment-edit")).toBeTruthy());
    fireEvent.click(within(own).getByTestId("comment-edit"));
    fireEvent.change(within(own).getByTestId("comment-edit-input"), { target: { value: "Mine, fixed" } });
    fireEvent.click(within(own).getByTestId("comment-edit-save"));
    await waitFor(() => expect(screen.getAllByTestId("comment-text")[1].textContent).toBe("Mine, fixed"));

    fireEvent.click(within(screen.getAllByTestId("comment")[1]).getByTestId("comment-delete"));
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(2));
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/v1/db/meta/comment/cm_2")).toBe(true);
  });

  it("shows no box and no edits to those who may not write", async () => {
    setup(false);
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(2));
    expect(screen.queryByTestId("comment-input")).toBeNull();
    expect(screen.queryByTestId("comment-edit")).toBeNull();
  });
});
