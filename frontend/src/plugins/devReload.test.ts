import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bundleStamp, watchBundles } from "./devReload";

describe("watching plugin bundles while one is developed", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reloads once when a bundle was built again", async () => {
    const initial = { color: { url: "/plugins-ui/color/index.js?v=1" } };
    const answers = [initial, initial, { color: { url: "/plugins-ui/color/index.js?v=2" } }];
    const fetchBundles = vi.fn(async () => answers.shift() ?? initial);
    const reload = vi.fn();
    watchBundles(initial, fetchBundles, reload, 1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchBundles).toHaveBeenCalledTimes(3);
  });

  it("reloads when a bundle appears, and skips a failed request", async () => {
    const fetchBundles = vi
      .fn<() => Promise<Record<string, { url: string }>>>()
      .mockRejectedValueOnce(new Error("restarting"))
      .mockResolvedValue({ ics: { url: "/plugins-ui/ics/index.js?v=1" } });
    const reload = vi.fn();
    watchBundles({}, fetchBundles, reload, 500);
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("stops when asked", async () => {
    const fetchBundles = vi.fn(async () => ({ other: { url: "x" } }));
    const reload = vi.fn();
    const stop = watchBundles({}, fetchBundles, reload, 100);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchBundles).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("stamps bundles independently of their order", () => {
    expect(bundleStamp({ a: { url: "1" }, b: { url: "2" } })).toBe(bundleStamp({ b: { url: "2" }, a: { url: "1" } }));
    expect(bundleStamp({ a: { url: "1" } })).not.toBe(bundleStamp({ a: { url: "2" } }));
  });
});
