// Filling a shared form from its link: `?Field=value` (the field's title, or its label on the
// form) gives the field a value before the visitor starts; `redirect_url` sends the visitor on
// once the record is saved. What the visitor may do with a filled field is the share's
// `preFilledMode`: "default" (edit it), "hidden" (not shown, still sent) or "locked" (shown,
// not editable).
import { capability, choiceKind } from "../../plugins/catalogue";
import { isLinkField, type FormField } from "./formRules";

export type PrefillMode = "default" | "hidden" | "locked";
export const PREFILL_MODES: readonly PrefillMode[] = ["default", "hidden", "locked"];

export function prefillMode(shareMeta: Record<string, unknown>): PrefillMode {
  const mode = shareMeta.preFilledMode;
  return PREFILL_MODES.includes(mode as PrefillMode) ? (mode as PrefillMode) : "default";
}

const TRUE = new Set(["true", "1", "yes", "on", "checked"]);

/** The value a query-string text gives a field, as the API takes it; undefined when the
 * field cannot be filled from a link (links, files) or the text does not fit it. */
export function prefillValue(field: FormField, text: string): unknown {
  if (isLinkField(field.uidt) || capability(field.uidt, "holdsFiles")) return undefined;
  const as = capability(field.uidt, "export");
  if (as === "boolean") return TRUE.has(text.trim().toLowerCase());
  if (as === "number") {
    const n = Number(text);
    return text.trim() !== "" && Number.isFinite(n) ? n : undefined;
  }
  if (choiceKind(field.uidt)) {
    const known = new Set((field.colOptions?.options ?? []).map((o) => o.title));
    const picked = text.split(",").map((t) => t.trim()).filter((t) => known.has(t));
    if (!picked.length) return undefined;
    return choiceKind(field.uidt) === "multi" ? picked.join(",") : picked[0];
  }
  return text;
}

/** The values of `fields` that the query string `search` fills, by field title. */
export function prefilledValues(fields: readonly FormField[], search: string): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const text = params.get(field.title) ?? (field.label ? params.get(field.label) : null);
    if (text === null) continue;
    const value = prefillValue(field, text);
    if (value !== undefined) values[field.title] = value;
  }
  return values;
}

/** Where to send the visitor after saving: an http(s) address, `{record_id}` replaced by the
 * new record's key; null for anything else (a `javascript:` address is never followed). */
export function redirectTarget(url: string | null | undefined, recordId: unknown): string | null {
  if (!url) return null;
  const filled = url.replaceAll("{record_id}", encodeURIComponent(String(recordId ?? "")));
  try {
    const parsed = new URL(filled, window.location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
