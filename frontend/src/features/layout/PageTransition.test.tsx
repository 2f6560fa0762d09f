// The out-in page transition: a new page waits for the old one to fade out; moves within a
// page and reduced motion switch at once.
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OUT_MS, pageOf, useOutInLocation } from "./PageTransition";

let go: (path: string) => void = () => undefined;

function Probe() {
  const navigate = useNavigate();
  go = (path) => navigate(path);
  const { location, stage } = useOutInLocation();
  return <span data-testid="probe">{`${stage} ${location.pathname}`}</span>;
}

function mount(reduced = false) {
  window.matchMedia = vi.fn().mockReturnValue({ matches: reduced }) as unknown as typeof window.matchMedia;
  render(
    <MemoryRouter initialEntries={["/projects"]}>
      <Probe />
    </MemoryRouter>,
  );
  return () => screen.getByTestId("probe").textContent;
}

describe("page transition", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("knows the page of a path", () => {
    expect(pageOf("/projects")).toBe("projects");
    expect(pageOf("/nc/p_1/table/Parts")).toBe("project");
    expect(pageOf("/nc/p_1/table/Other")).toBe("project");
    expect(pageOf("/no/such/path/at/all")).toBe("notFound");
  });

  it("keeps the old page while it fades out, then shows the new one", () => {
    const text = mount();
    expect(text()).toBe("in /projects");
    act(() => go("/account"));
    expect(text()).toBe("out /projects");
    act(() => {
      vi.advanceTimersByTime(OUT_MS);
    });
    expect(text()).toBe("in /account");
  });

  it("switches at once within one page", () => {
    const text = mount();
    act(() => go("/nc/p_1/table/Parts"));
    act(() => {
      vi.advanceTimersByTime(OUT_MS);
    });
    act(() => go("/nc/p_1/table/Other"));
    expect(text()).toBe("in /nc/p_1/table/Other");
  });

  it("switches at once when the user prefers reduced motion", () => {
    const text = mount(true);
    act(() => go("/account"));
    expect(text()).toBe("in /account");
  });
});
