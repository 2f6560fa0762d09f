// The feedback form is polled at start-up when it never was, or when more than
// 0 whole days have passed since the last poll; failures are ignored.
import type { FeedbackForm } from "./settings";

const DAY_MS = 24 * 60 * 60 * 1000;

export function shouldPollFeedback(lastPollDate: string | undefined, nowMs: number): boolean {
  if (!lastPollDate) return true;
  const last = Date.parse(lastPollDate);
  return Number.isNaN(last) || Math.floor((nowMs - last) / DAY_MS) > 0;
}

export interface FeedbackResponse {
  url?: string;
  created_at?: string;
  error?: unknown;
}

/** The stored form after a poll: a new form (new created_at) is shown again. */
export function nextFeedbackForm(previous: FeedbackForm, response: FeedbackResponse, nowIso: string): FeedbackForm {
  const base = { ...previous, lastFormPollDate: nowIso };
  if (response.error || !response.url) return base;
  const isNew = response.created_at !== previous.createdAt;
  return { ...base, url: response.url, createdAt: response.created_at, isHidden: isNew ? false : previous.isHidden };
}
