import { act, render } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useOpeningKey } from "./useOpeningKey";

function Probe({ change, keys }: { change: { current: (v: string | null) => void }; keys: number[] }) {
  const [opening, setOpening] = useState<string | null>("a");
  change.current = setOpening;
  keys.push(useOpeningKey(opening));
  return null;
}

describe("useOpeningKey", () => {
  it("changes at each new opening, also when the same thing is opened again after a close", () => {
    const change = { current: (_v: string | null) => {} };
    const keys: number[] = [];
    render(<Probe change={change} keys={keys} />);
    const at = () => keys[keys.length - 1];
    const first = at();
    act(() => change.current("a"));
    expect(at()).toBe(first); // still the same opening
    act(() => change.current(null));
    expect(at()).toBe(first); // closed: the closing form keeps its key
    act(() => change.current("a"));
    const second = at();
    expect(second).not.toBe(first);
    act(() => change.current("b"));
    expect(at()).not.toBe(second); // another thing opened without a close in between
  });
});
