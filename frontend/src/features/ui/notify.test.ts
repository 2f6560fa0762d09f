import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "./notify";
import { tearDown } from "./teardown";

const shown = (text: string) => [...document.querySelectorAll(".bp6-toast-message")].filter((e) => e.textContent === text);

describe("notify", () => {
  it("shows a message once while it is up, however often it is reported, and others beside it", async () => {
    notify("No access to the project", "danger");
    notify("No access to the project", "danger");
    notify("Saved", "success");
    await waitFor(() => expect(shown("Saved")).toHaveLength(1));
    expect(shown("No access to the project")).toHaveLength(1);
  });

  it("is taken off the page, its toasts with it, when the page is torn down; the next message makes a new toaster", async () => {
    notify("Saved", "success");
    await waitFor(() => expect(shown("Saved")).toHaveLength(1));
    tearDown();
    expect(shown("Saved")).toHaveLength(0);
    expect(document.querySelector(".bp6-toast-container")).toBeNull();
    notify("Saved again", "success");
    await waitFor(() => expect(shown("Saved again")).toHaveLength(1));
    expect(document.querySelectorAll(".bp6-toast-container")).toHaveLength(1);
  });
});
