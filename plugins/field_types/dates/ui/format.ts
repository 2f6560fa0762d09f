// Dates as the API gives them (Date "YYYY-MM-DD", DateTime "YYYY-MM-DD HH:MM:SS+00:00" in UTC,
// Time "HH:MM:SS"), shown in the column's format (meta.date_format, e.g. DD/MM/YYYY or
// DD MMM YYYY; meta.is12hrFormat) or the user's locale, and the pickers' values turned back
// into the API's format.
export interface DateMeta {
  date_format?: unknown;
  time_format?: unknown;
  is12hrFormat?: unknown;
}

const TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|ss|A|a/g;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `date` (its fields as given: local or UTC per `utc`) in a format of tokens: YYYY YY MMMM
 * MMM MM M DD D HH H hh h mm ss A a; month names in `locale`. */
export function formatTokens(date: Date, format: string, locale: string, utc = false): string {
  const get = {
    year: utc ? date.getUTCFullYear() : date.getFullYear(),
    month: utc ? date.getUTCMonth() : date.getMonth(),
    day: utc ? date.getUTCDate() : date.getDate(),
    hour: utc ? date.getUTCHours() : date.getHours(),
    minute: utc ? date.getUTCMinutes() : date.getMinutes(),
    second: utc ? date.getUTCSeconds() : date.getSeconds(),
  };
  const month = (style: "long" | "short") =>
    new Intl.DateTimeFormat(locale, { month: style, timeZone: utc ? "UTC" : undefined }).format(date);
  const h12 = get.hour % 12 || 12;
  return format.replace(TOKENS, (token) => {
    switch (token) {
      case "YYYY": return pad(get.year, 4);
      case "YY": return pad(get.year % 100);
      case "MMMM": return month("long");
      case "MMM": return month("short");
      case "MM": return pad(get.month + 1);
      case "M": return String(get.month + 1);
      case "DD": return pad(get.day);
      case "D": return String(get.day);
      case "HH": return pad(get.hour);
      case "H": return String(get.hour);
      case "hh": return pad(h12);
      case "h": return String(h12);
      case "mm": return pad(get.minute);
      case "ss": return pad(get.second);
      case "A": return get.hour < 12 ? "AM" : "PM";
      default: return get.hour < 12 ? "am" : "pm";
    }
  });
}

function formatOf(meta: DateMeta | null | undefined): string | null {
  const f = meta?.date_format;
  return typeof f === "string" && f.trim() ? f : null;
}

/** A Date value ("YYYY-MM-DD") as the column shows it. */
export function formatDate(value: unknown, meta: DateMeta | null | undefined, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ""));
  if (!m) return value === null || value === undefined ? "" : String(value);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const format = formatOf(meta);
  if (format) return formatTokens(date, format, locale, true);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** A DateTime value (UTC) as a Date, or null. */
export function parseDateTime(value: unknown): Date | null {
  const text = String(value ?? "").trim();
  if (!text) return null;
  let iso = text.replace(" ", "T");
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(iso)) iso += "Z"; // the API's times are UTC
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function twelveHours(meta: DateMeta | null | undefined): boolean | undefined {
  return typeof meta?.is12hrFormat === "boolean" ? meta.is12hrFormat : undefined;
}

/** A DateTime value shown in the user's time zone (UTC when `utc`), in the column's format or
 * the locale's. */
export function formatDateTime(value: unknown, meta: DateMeta | null | undefined, locale: string, utc = false): string {
  const date = parseDateTime(value);
  if (!date) return value === null || value === undefined ? "" : String(value);
  const format = formatOf(meta);
  const hour12 = twelveHours(meta);
  if (format) {
    const time = typeof meta?.time_format === "string" && meta.time_format ? meta.time_format : hour12 ? "hh:mm A" : "HH:mm";
    return `${formatTokens(date, format, locale, utc)} ${formatTokens(date, time, locale, utc)}`;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", hour12, timeZone: utc ? "UTC" : undefined }).format(date);
}

/** A Time value ("HH:MM:SS") as hours and minutes (and seconds when not zero), 12- or 24-hour
 * per the column, else as the locale writes times. */
export function formatTime(value: unknown, meta: DateMeta | null | undefined, locale: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(String(value ?? ""));
  if (!m) return value === null || value === undefined ? "" : String(value);
  const date = new Date(Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2]), Number(m[3] ?? 0)));
  const seconds = Number(m[3] ?? 0) !== 0;
  return new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: seconds ? "2-digit" : undefined,
    hour12: twelveHours(meta),
    timeZone: "UTC",
  }).format(date);
}

/** The value of an <input type=datetime-local> ("YYYY-MM-DDTHH:MM", local time) for a DateTime. */
export function toLocalInput(value: unknown): string {
  const date = parseDateTime(value);
  if (!date) return "";
  return `${formatTokens(date, "YYYY-MM-DD", "en")}T${formatTokens(date, "HH:mm", "en")}`;
}

/** The API's DateTime for a datetime-local input's value (local time): UTC with its offset. */
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00").replace("T", " ");
}

/** The API's Time for a time input's value ("HH:MM" or "HH:MM:SS"). */
export function fromTimeInput(text: string): string | null {
  if (!text) return null;
  return /^\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
}
