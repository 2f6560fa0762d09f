import { describe, expect, it } from "vitest";
import { nextFeedbackForm, shouldPollFeedback } from "./feedback";

const NOW = Date.UTC(2026, 10, 22, 12);

describe("feedback form poll", () => {
  it("polls when never polled or when a whole day has passed", () => {
    expect(shouldPollFeedback(undefined, NOW)).toBe(true);
    expect(shouldPollFeedback("garbage", NOW)).toBe(true);
    expect(shouldPollFeedback(new Date(NOW - 23 * 3600_000).toISOString(), NOW)).toBe(false);
    expect(shouldPollFeedback(new Date(NOW - 25 * 3600_000).toISOString(), NOW)).toBe(true);
  });

  it("records the poll, keeps a hidden form hidden, shows a new one", () => {
    const now = new Date(NOW).toISOString();
    const hidden = { url: "https://f/1", createdAt: "a", isHidden: true };
    expect(nextFeedbackForm(hidden, { url: "https://f/1", created_at: "a" }, now)).toEqual({ ...hidden, lastFormPollDate: now });
    expect(nextFeedbackForm(hidden, { url: "https://f/2", created_at: "b" }, now)).toEqual({
      url: "https://f/2", createdAt: "b", isHidden: false, lastFormPollDate: now,
    });
    expect(nextFeedbackForm(hidden, { error: "down" }, now)).toEqual({ ...hidden, lastFormPollDate: now });
  });
});
