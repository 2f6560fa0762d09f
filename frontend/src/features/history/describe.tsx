// An entry in words: who (their address, or what acted for nobody), when, through what, and
// what changed (each field's old and new value for an edit).
import { useIntl } from "react-intl";
import { commentTime } from "../comments/CommentsPane";
import type { HistoryEntry } from "./api";

/** The words for true and false (in the user's language). */
export interface YesNo {
  yes: string;
  no: string;
}

/** A value as the history shows it when its field is not known (deleted since): text,
 * numbers, yes/no in words, lists joined; empty is marked. */
export function valueText(value: unknown, empty: string, words: YesNo = { yes: "yes", no: "no" }): string {
  if (value === null || value === undefined || value === "") return empty;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v, empty, words)).join(", ") : empty;
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
  const words = { yes: intl.formatMessage({ id: "history.yes" }), no: intl.formatMessage({ id: "history.no" }) };
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
    words,
  };
}
