import { describe, expect, it } from "vitest";
import { MAX_PREFETCH, PrefetchQueue } from "./prefetch";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("prefetching", () => {
  it("runs at most five at once, the latest asked first, each once", async () => {
    const queue = new PrefetchQueue();
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    let most = 0;
    const job = (key: string) => () => {
      started.push(key);
      most = Math.max(most, queue.active);
      const gate = deferred();
      gates.set(key, gate);
      return gate.promise;
    };
    for (let i = 0; i < 8; i += 1) queue.add(`t${i}`, job(`t${i}`));
    queue.add("t0", job("again"));
    expect(MAX_PREFETCH).toBe(5);
    expect(started).toEqual(["t0", "t1", "t2", "t3", "t4"]);
    expect(queue.active).toBe(5);
    gates.get("t1")!.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(["t0", "t1", "t2", "t3", "t4", "t7"]);
    for (const key of ["t0", "t2", "t3", "t4", "t7"]) gates.get(key)!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    for (const key of ["t6", "t5"]) gates.get(key)?.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started.sort()).toEqual(["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"]);
    expect(most).toBe(5);
    expect(queue.active).toBe(0);
  });

  it("a failed prefetch frees its place, and waiting ones past the limit are dropped", async () => {
    const queue = new PrefetchQueue(1, 2);
    const started: string[] = [];
    const gate = deferred();
    queue.add("a", () => {
      started.push("a");
      return gate.promise.then(() => Promise.reject(new Error("offline")));
    });
    for (const key of ["b", "c", "d"]) queue.add(key, async () => void started.push(key));
    gate.resolve();
    await new Promise((r) => setTimeout(r, 0));
    // "b" waited longest and was dropped: it may be asked for again.
    expect(started).toEqual(["a", "d", "c"]);
    queue.add("b", async () => void started.push("b"));
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["a", "d", "c", "b"]);
  });
});
