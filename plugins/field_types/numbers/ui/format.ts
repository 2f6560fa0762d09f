// Numbers as the column shows them and what the user types turned into numbers: Decimal to
// its precision (meta.precision), Currency with the column's locale and code
// (meta.currency_locale, meta.currency_code), Percent with a % sign, Duration (seconds) as
// h:mm, h:mm:ss, h:mm:ss.s, h:mm:ss.ss or h:mm:ss.sss (meta.duration, a format or its index).
export type NumberMeta = Record<string, unknown> | null | undefined;

export const DURATION_FORMATS = ["h:mm", "h:mm:ss", "h:mm:ss.s", "h:mm:ss.ss", "h:mm:ss.sss"] as const;

function num(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function precisionOf(meta: NumberMeta): number | undefined {
  const p = meta?.precision;
  return typeof p === "number" && Number.isInteger(p) && p >= 0 && p <= 8 ? p : undefined;
}

function plain(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

export function formatNumber(value: unknown): string {
  return plain(value);
}

export function formatDecimal(value: unknown, meta: NumberMeta, locale: string): string {
  const n = num(value);
  if (n === null) return plain(value);
  const precision = precisionOf(meta);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: precision ?? 0,
    maximumFractionDigits: precision ?? 10,
  }).format(n);
}

export function formatCurrency(value: unknown, meta: NumberMeta, locale: string): string {
  const n = num(value);
  if (n === null) return plain(value);
  const code = typeof meta?.currency_code === "string" ? meta.currency_code : "USD";
  const where = typeof meta?.currency_locale === "string" ? meta.currency_locale.replace("_", "-") : locale;
  const precision = precisionOf(meta);
  const digits = precision === undefined ? {} : { minimumFractionDigits: precision, maximumFractionDigits: precision };
  try {
    return new Intl.NumberFormat(where, { style: "currency", currency: code, ...digits }).format(n);
  } catch {
    return new Intl.NumberFormat(locale, { ...digits }).format(n);
  }
}

export function formatPercent(value: unknown, meta: NumberMeta, locale: string): string {
  const n = num(value);
  if (n === null) return plain(value);
  const precision = precisionOf(meta);
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: precision ?? 0,
    maximumFractionDigits: precision ?? 2,
  }).format(n / 100);
}

export function durationFormat(meta: NumberMeta): string {
  const f = meta?.duration;
  if (typeof f === "number" && DURATION_FORMATS[f]) return DURATION_FORMATS[f];
  return typeof f === "string" && (DURATION_FORMATS as readonly string[]).includes(f) ? f : "h:mm";
}

/** Seconds as the duration format shows them (minutes rounded for h:mm). */
export function formatDuration(value: unknown, meta: NumberMeta): string {
  const n = num(value);
  if (n === null) return plain(value);
  const format = durationFormat(meta);
  const decimals = format.includes(".") ? format.split(".")[1].length : 0;
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  if (format === "h:mm") {
    const minutes = Math.round(abs / 60);
    return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
  }
  const scale = 10 ** decimals;
  const total = Math.round(abs * scale) / scale;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total - hours * 3600) / 60);
  const seconds = total - hours * 3600 - minutes * 60;
  const secs = seconds.toFixed(decimals).padStart(decimals ? decimals + 3 : 2, "0");
  return `${sign}${hours}:${String(minutes).padStart(2, "0")}:${secs}`;
}

const DURATION_RE = /^(-)?(\d+):([0-5]?\d)(?::([0-5]?\d(?:\.\d+)?))?$/;

/** What the user typed as a number; text that is not one is given as is, for the server to
 * accept ("1,000", "$3.50", "50%") or refuse with the field's error. */
export function parseNumberInput(text: string): unknown {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : text;
}

/** A duration typed as h:mm, h:mm:ss(.s) or seconds, in seconds; other text as is. */
export function parseDurationInput(text: string): unknown {
  const t = text.trim();
  const m = DURATION_RE.exec(t);
  if (!m) return parseNumberInput(text);
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] ? -seconds : seconds;
}
