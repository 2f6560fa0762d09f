import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "./notify";

const shown = (text: string) => [...document.querySelectorAll(".bp6-toast-message")].filter((e) => e.textContent === text);

describe("notify", () => {
  it("shows a message once while it is up, however often it is reported, and others beside it", async () => {
    notify("No access to the project", "danger");
    notify("No access to the project", "danger");
    notify("Saved", "success");
    await waitFor(() => expect(shown("Saved")).toHaveLength(1));
    expect(shown("No access to the project")).toHaveLength(1);
  });
});
