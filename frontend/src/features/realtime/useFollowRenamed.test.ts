// The page follows its item renamed elsewhere, says when it was deleted, and does nothing
// when the address itself moved on or the list is not loaded.
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useFollowRenamed, type Named } from "./useFollowRenamed";

interface Props {
  title: string;
  list: Named[] | undefined;
}

function setup(initial: Props) {
  const renamed = vi.fn();
  const deleted = vi.fn();
  const hook = renderHook(
    ({ title, list }: Props) => useFollowRenamed(list?.find((item) => item.title === title), list, title, { renamed, deleted }),
    { initialProps: initial },
  );
  return { ...hook, renamed, deleted };
}

const orders = { id: "t1", title: "Orders" };

describe("useFollowRenamed", () => {
  it("follows the item shown under its new title, once", () => {
    const { rerender, renamed, deleted } = setup({ title: "Orders", list: [orders] });
    const list = [{ id: "t1", title: "Sales" }];
    rerender({ title: "Orders", list });
    expect(renamed).toHaveBeenCalledExactlyOnceWith(list[0], orders);
    rerender({ title: "Orders", list: [...list] });
    expect(renamed).toHaveBeenCalledTimes(1);
    expect(deleted).not.toHaveBeenCalled();
  });

  it("says the item shown was deleted, and waits for the list to load", () => {
    const { rerender, renamed, deleted } = setup({ title: "Orders", list: [orders] });
    rerender({ title: "Orders", list: undefined });
    expect(deleted).not.toHaveBeenCalled();
    rerender({ title: "Orders", list: [] });
    expect(deleted).toHaveBeenCalledExactlyOnceWith(orders);
    expect(renamed).not.toHaveBeenCalled();
  });

  it("does nothing when the address names another item, or none was shown", () => {
    const { rerender, renamed, deleted } = setup({ title: "Nothing", list: [orders] });
    rerender({ title: "Nothing", list: [] });
    rerender({ title: "Orders", list: [orders] });
    rerender({ title: "Missing", list: [orders] });
    expect(renamed).not.toHaveBeenCalled();
    expect(deleted).not.toHaveBeenCalled();
  });
});
