// An entry in words: who (their address, or what acted for nobody), when, through what, and
// what changed (each field's old and new value for an edit).
import { useIntl } from "react-intl";
import { commentTime } from "../comments/CommentsPane";
import type { HistoryEntry } from "./api";

/** A value as the history shows it: text, numbers, yes/no, lists joined; empty is marked. */
export function valueText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === "") return empty;
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v, empty)).join(", ") : empty;
  if (typeof value === "object") {
    const named = value as { title?: unknown; url?: unknown };
    if (typeof named.title === "string") return named.title;
    return JSON.stringify(value);
  }
  return String(value);
}

export function useDescribe() {
  const intl = useIntl();
  const empty = intl.formatMessage({ id: "history.empty" });
  return {
    who(entry: HistoryEntry): string {
      return entry.user ?? intl.formatMessage({ id: `history.by.${entry.via}`, defaultMessage: entry.via });
    },
    via(entry: HistoryEntry): string {
      return intl.formatMessage({ id: `history.via.${entry.via}`, defaultMessage: entry.via });
    },
    when(entry: HistoryEntry): string {
      return intl.formatDate(commentTime(entry.created_at), { dateStyle: "medium", timeStyle: "short" });
    },
    what(entry: HistoryEntry): string {
      const d = entry.details ?? {};
      const values = {
        field: d.field?.title ?? "",
        count: d.ids?.length ?? d.rows ?? 0,
        title: d.title ?? "",
      };
      return intl.formatMessage({ id: `history.op.${entry.op}`, defaultMessage: entry.op }, values);
    },
    empty,
  };
}
